/**
 * Mounts the review webview in happy-dom with a fake acquireVsCodeApi: the test delivers host messages and
 * reads what the panel posted. Each test file runs in its own process, so the DOM globals are registered
 * once per file.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import type { HostMessage, WebviewMessage } from '../../src/core/protocol/review';
import type { ReviewApp } from '../../webview/app';
import type { VsCodeApiLike } from '../../webview-kit/vscodeApi';

const VALIDITY_FLAGS = [
  'badInput',
  'customError',
  'patternMismatch',
  'rangeOverflow',
  'rangeUnderflow',
  'stepMismatch',
  'tooLong',
  'tooShort',
  'typeMismatch',
  'valueMissing',
] as const;

let ready: Promise<void> | undefined;

/** Registers happy-dom's window as the global scope, with ElementInternals and the codicon stylesheet link. */
export function setupDom(): Promise<void> {
  ready ??= (async () => {
    GlobalRegistrator.register({ url: 'http://127.0.0.1/', width: 1280, height: 800 });
    await import('element-internals-polyfill');
    // The polyfill copies every own key of the ValidityState it is given; happy-dom's carries private
    // bookkeeping keys, which the polyfill's sealed object refuses. Pass it the standard flags only.
    const internals = (
      globalThis as unknown as { ElementInternals: { prototype: { setValidity: (flags: unknown, ...rest: unknown[]) => void } } }
    ).ElementInternals;
    const setValidity = internals.prototype.setValidity;
    internals.prototype.setValidity = function (this: unknown, flags: unknown, ...rest: unknown[]): void {
      const clean: Record<string, boolean> = {};
      if (typeof flags === 'object' && flags !== null) {
        for (const key of VALIDITY_FLAGS) if ((flags as Record<string, unknown>)[key] === true) clean[key] = true;
      }
      setValidity.call(this, clean, ...rest);
    };
    const link = document.createElement('link');
    link.id = 'vscode-codicon-stylesheet';
    link.rel = 'stylesheet';
    document.head.append(link);
  })();
  return ready;
}

export interface FakeApi extends VsCodeApiLike {
  readonly posted: WebviewMessage[];
  state: unknown;
}

export function fakeApi(state?: unknown): FakeApi {
  const api: FakeApi = {
    posted: [],
    state,
    postMessage(message: unknown) {
      api.posted.push(structuredClone(message) as WebviewMessage);
    },
    getState() {
      return api.state;
    },
    setState(next: unknown) {
      api.state = structuredClone(next);
    },
  };
  return api;
}

type Posted<T extends WebviewMessage['type']> = Extract<WebviewMessage, { type: T }>;

export interface Mounted {
  readonly app: ReviewApp;
  readonly root: HTMLElement;
  readonly api: FakeApi;
  /** Delivers a host message the way VS Code does (a message event on window). */
  deliver(message: HostMessage | unknown): void;
  /** Presses a key on the focused element (or `target`); returns the event. */
  key(key: string, init?: KeyboardEventInit, target?: EventTarget): KeyboardEvent;
  posted<T extends WebviewMessage['type']>(type: T): Posted<T>[];
  last<T extends WebviewMessage['type']>(type: T): Posted<T> | undefined;
  clearPosted(): void;
  /** Lets microtasks and pending timers (web components' updates, debounces) run. */
  settle(ms?: number): Promise<void>;
  $(selector: string): HTMLElement | null;
  $$(selector: string): HTMLElement[];
  unmount(): void;
}

export async function mount(options: { state?: unknown } = {}): Promise<Mounted> {
  await setupDom();
  const { startReviewApp } = await import('../../webview/app');
  document.body.replaceChildren();
  const root = document.createElement('div');
  root.id = 'app';
  document.body.append(root);
  const api = fakeApi(options.state);
  const app = startReviewApp(root, api);
  const mounted: Mounted = {
    app,
    root,
    api,
    deliver(message) {
      window.dispatchEvent(new MessageEvent('message', { data: structuredClone(message) }));
    },
    key(key, init = {}, target) {
      const to = target ?? document.activeElement ?? document.body;
      const event = new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...init });
      to.dispatchEvent(event);
      return event;
    },
    posted(type) {
      return api.posted.filter((m): m is Posted<typeof type> => m.type === type);
    },
    last(type) {
      const all = mounted.posted(type);
      return all[all.length - 1];
    },
    clearPosted() {
      api.posted.length = 0;
    },
    async settle(ms = 0) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    $(selector) {
      return root.querySelector<HTMLElement>(selector);
    },
    $$(selector) {
      return Array.from(root.querySelectorAll<HTMLElement>(selector));
    },
    unmount() {
      app.dispose();
      root.remove();
    },
  };
  return mounted;
}

/** An element's text as a reader meets it: text nodes joined by spaces, white space collapsed. */
/** Types `query` into the list's search field, as a user does, and waits for the list to follow. */
export async function searchFor(mounted: Mounted, query: string): Promise<void> {
  const field = mounted.$('.search') as HTMLElement & { value: string };
  field.value = query;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await mounted.settle(200);
}

export function textOf(node: Node | null | undefined): string {
  if (node === null || node === undefined) return '';
  const parts: string[] = [];
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) parts.push(n.textContent ?? '');
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
