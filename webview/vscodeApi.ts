import { type WebviewMessage, type WebviewState, WebviewMessageSchema, WebviewStateSchema } from '../src/protocol';

/** What acquireVsCodeApi() returns, reduced to what the panel uses (tests pass a fake). */
export interface VsCodeApiLike {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare const acquireVsCodeApi: (() => VsCodeApiLike) | undefined;

/** The real API in a webview; undefined elsewhere (a plain browser page, a test without a fake). */
export function acquireRealApi(): VsCodeApiLike | undefined {
  return typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;
}

/**
 * What the panel keeps across reloads. The host's serializer reopens a panel from this state, so the run
 * folder travels with it (a key beyond WebviewStateSchema, which strips unknown keys when parsing).
 */
export interface PersistedState extends WebviewState {
  readonly runDir?: string;
}

/** A typed channel to the host: only protocol messages go out, only validated state comes back. */
export class HostChannel {
  private readonly api: VsCodeApiLike;

  constructor(options: { api: VsCodeApiLike }) {
    this.api = options.api;
  }

  post(message: WebviewMessage): void {
    const checked = WebviewMessageSchema.safeParse(message);
    if (!checked.success) {
      console.warn('review: not sending a message that fails the protocol', checked.error.issues[0]?.message);
      return;
    }
    this.api.postMessage(checked.data);
  }

  /** The saved UI state, or undefined when there is none or it does not validate. */
  restoreState(): PersistedState | undefined {
    let raw: unknown;
    try {
      raw = this.api.getState();
    } catch {
      return undefined;
    }
    if (raw === undefined || raw === null) return undefined;
    const parsed = WebviewStateSchema.safeParse(raw);
    if (!parsed.success) {
      console.warn('review: ignoring saved state that does not validate');
      return undefined;
    }
    const runDir = typeof raw === 'object' && 'runDir' in raw && typeof raw.runDir === 'string' ? raw.runDir : undefined;
    return runDir === undefined ? parsed.data : { ...parsed.data, runDir };
  }

  saveState(state: PersistedState): void {
    this.api.setState(state);
  }
}
