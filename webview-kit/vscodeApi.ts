/** What acquireVsCodeApi() returns, reduced to what the panels use (tests pass a fake). */
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
