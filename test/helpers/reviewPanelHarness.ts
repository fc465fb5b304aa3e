/**
 * The review panel's host side run in node: the real ReviewPanel with a recording stand-in for the vscode
 * module (test/unit/security/fakeVscode.ts). The test sends what the webview would and reads what the panel
 * posted back and wrote to the run folder.
 */
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { HostMessage } from '../../src/core/protocol/review';
import type { ReviewContext } from '../../src/extension/review/reviewPanel';
import { Uri, installFakeVscode } from '../unit/security/fakeVscode';
import { sharedDataDir } from './sharedData';
import { scratchDir } from './scratch';

export interface PanelHarness {
  readonly posted: HostMessage[];
  /** The panel's tab title. */
  readonly title: () => string;
  /** Delivers a message as the webview would and waits for the panel's next answer (`answered: false`: a few ticks). */
  send(raw: unknown, answered?: boolean): Promise<void>;
  last<T extends HostMessage['type']>(type: T): Extract<HostMessage, { type: T }> | undefined;
  close(): void;
  /** Whether VS Code's panel was disposed (closed by the user, or by the panel itself). */
  readonly disposed: () => boolean;
}

/** Lets timers due now run, then a few turns of the event loop: the panel's deferred open is done after it. */
export async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
}

/**
 * The panel on `runDir`, restored as after a window reload. The panel opens the run on a later turn of the
 * event loop; this waits for it unless `waitForOpen` is false (what arrives before the run is open).
 */
export async function openReviewPanel(runDir: string, overrides: Partial<ReviewContext> = {}, waitForOpen = true): Promise<PanelHarness> {
  installFakeVscode();
  const { ReviewPanel } = await import('../../src/extension/review/reviewPanel');
  const posted: HostMessage[] = [];
  let receive: ((raw: unknown) => void) | undefined;
  const disposeListeners: (() => void)[] = [];
  let disposed = false;
  const panel = {
    webview: {
      options: {},
      html: '',
      cspSource: 'vscode-webview://test',
      asWebviewUri: (u: unknown) => u,
      postMessage: (message: HostMessage) => {
        posted.push(structuredClone(message));
        return Promise.resolve(true);
      },
      onDidReceiveMessage: (listener: (raw: unknown) => void) => {
        receive = listener;
        return { dispose: () => (receive = undefined) };
      },
    },
    title: '',
    iconPath: undefined,
    active: true,
    visible: true,
    reveal: () => undefined,
    onDidDispose: (listener: () => void) => {
      disposeListeners.push(listener);
      return { dispose: () => undefined };
    },
    onDidChangeViewState: () => ({ dispose: () => undefined }),
    dispose: () => {
      disposed = true;
      for (const listener of disposeListeners.splice(0)) listener();
    },
  };
  const quiet = (): void => undefined;
  const base = {
    extensionUri: Uri.file('/extension'),
    log: { warn: quiet, error: quiet, info: quiet, debug: quiet, trace: quiet, appendLine: quiet },
    annotator: () => 'Aiko',
    role: () => 'annotator' as const,
    onDidAdjudicate: quiet,
    setBlind: quiet,
    exportRun: () => Promise.resolve(undefined),
    blindReview: () => false,
    guidelinesFile: () => '',
    storageDir: scratchDir('extension-storage'),
    sources: () => ({ dataDir: sharedDataDir }),
    reviewAid: () => Promise.resolve(null),
    documents: { show: () => Promise.resolve() },
    ...overrides,
  };
  const context = new Proxy(base, { get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined) });
  ReviewPanel.restore(context as unknown as ReviewContext, panel as unknown as vscode.WebviewPanel, { runDir, itemId: null });
  assert.ok(receive !== undefined, 'the panel listens to its webview');
  if (waitForOpen) await settle();
  return {
    posted,
    title: () => panel.title,
    send: async (raw, answered = true) => {
      const before = posted.length;
      receive?.(raw);
      // A decision's answer comes once it is on disk.
      const deadline = Date.now() + (answered ? 5_000 : 0);
      while (posted.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    },
    last: (type) => posted.filter((m) => m.type === type).at(-1) as never,
    close: () => panel.dispose(),
    disposed: () => disposed,
  };
}
