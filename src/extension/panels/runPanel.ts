import * as vscode from 'vscode';
import type * as z from 'zod';
import { errorMessage } from '../../core/util/errors';
import { Disposable } from '../disposable';
import { type RunFileChange, watchRunFolder } from './runWatcher';
import { getWebviewHtml } from './webviewHtml';

/** What every run panel needs from the extension. */
export interface RunPanelHost {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
}

/** The open panels of one kind, one per run folder. */
export class RunPanels<P extends RunPanel<unknown, unknown>> {
  private readonly byDir = new Map<string, P>();

  get(runDir: string): P | undefined {
    return this.byDir.get(runDir);
  }

  add(panel: P): void {
    this.byDir.set(panel.runDir, panel);
  }

  delete(panel: P): void {
    if (this.byDir.get(panel.runDir) === panel) this.byDir.delete(panel.runDir);
  }

  values(): IterableIterator<P> {
    return this.byDir.values();
  }

  /** The run of the panel that has the focus, if one of these has it. */
  activeRunDir(): string | undefined {
    for (const [dir, panel] of this.byDir) if (panel.isActive) return dir;
    return undefined;
  }
}

/** How a kind of run panel is wired: its registry, its bundle, and what its page may send. */
export interface RunPanelSpec<In> {
  /** Prefix of the log's lines ("review", "statistics"). */
  readonly name: string;
  /** The page's bundle in dist/. */
  readonly script: string;
  readonly incoming: z.ZodType<In>;
}

/** Scripts on, only dist/ readable, the page dropped while hidden (it asks for its data again when shown). */
export function runPanelOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')], retainContextWhenHidden: false };
}

export function createRunWebviewPanel(viewType: string, title: string, extensionUri: vscode.Uri): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(viewType, title, vscode.ViewColumn.Active, runPanelOptions(extensionUri));
}

/**
 * Brings back a panel after a window reload from the state its page persisted: `open` builds it; a state
 * that does not validate, or a run that cannot be opened, closes the panel.
 */
export function restoreRunPanel<S extends { readonly runDir: string }>(
  host: RunPanelHost,
  name: string,
  panel: vscode.WebviewPanel,
  state: unknown,
  schema: z.ZodType<S>,
  open: (state: S) => void,
): void {
  const parsed = schema.safeParse(state);
  if (!parsed.success) {
    host.log.warn(`${name} panel state could not be restored; closing the panel`);
    panel.dispose();
    return;
  }
  panel.webview.options = runPanelOptions(host.extensionUri);
  try {
    open(parsed.data);
  } catch (error) {
    void vscode.window.showErrorMessage(`Eval Adjudicator: could not reopen ${parsed.data.runDir}: ${errorMessage(error)}`);
    panel.dispose();
  }
}

/**
 * A webview panel on one run folder: the page is a shell with a strict CSP and the bundle; messages from it
 * are checked against the protocol before `handle` sees them (an invalid one, or a failed handle, answers
 * with the page's error message); the run folder is watched while the panel is open.
 */
export abstract class RunPanel<In, Out> extends Disposable {
  protected constructor(
    protected readonly host: RunPanelHost,
    protected readonly panel: vscode.WebviewPanel,
    readonly runDir: string,
    private readonly spec: RunPanelSpec<In>,
    private readonly registry: RunPanels<RunPanel<In, Out>>,
  ) {
    super();
  }

  get isActive(): boolean {
    return this.panel.active;
  }

  /** Brings the panel forward; `preserveFocus` keeps the keyboard where it is. */
  reveal(preserveFocus = false): void {
    this.panel.reveal(undefined, preserveFocus);
  }

  /** Called by the subclass once it is ready: joins the registry, writes the page, listens and watches. */
  protected start(): void {
    this.registry.add(this);
    const dist = vscode.Uri.joinPath(this.host.extensionUri, 'dist');
    const webview = this.panel.webview;
    webview.html = getWebviewHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, this.spec.script)).toString(),
      codiconsUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'codicon.css')).toString(),
      title: this.panel.title,
    });
    this._register(webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)));
    this._register(this.panel.onDidDispose(() => this.dispose()));
    this._register(watchRunFolder(this.runDir, (changed) => this.onFilesChanged(changed)));
  }

  /** A valid message from the page. */
  protected abstract handle(message: In): Promise<void>;

  /** The page's error message: for a message that failed (`cause`), or for one that could not be read. */
  protected abstract errorReply(text: string, cause: In | undefined): Out;

  /** Logs of the run folder changed (debounced). */
  protected abstract onFilesChanged(changed: ReadonlySet<RunFileChange>): void;

  protected post(message: Out): void {
    if (!this.isDisposed) void this.panel.webview.postMessage(message);
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = this.spec.incoming.safeParse(raw);
    if (!parsed.success) {
      this.host.log.warn(`${this.spec.name}: rejected a message that fails the protocol: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      this.post(this.errorReply('The panel sent a message the extension does not understand; it was ignored.', undefined));
      return;
    }
    try {
      await this.handle(parsed.data);
    } catch (error) {
      this.host.log.error(`${this.spec.name}: ${errorMessage(error)}`);
      this.post(this.errorReply(errorMessage(error), parsed.data));
    }
  }

  override dispose(): void {
    if (this.isDisposed) return;
    this.registry.delete(this);
    super.dispose();
    this.panel.dispose();
  }
}
