// What the review UI bench reports (bench/reviewUi.ts, its Chromium part bench/reviewUiChromium.ts).
import { join } from 'node:path';
import { round } from './stats';

export interface KeyLatency {
  readonly presses: number;
  /** The keydown handler's own (synchronous) time: what the app spends, before the browser lays out and paints. */
  readonly handlerP95Ms: number;
  /** keydown to the frame painted after the list's selection moved. */
  readonly selectionP50Ms: number;
  readonly selectionP95Ms: number;
  /** keydown to the frame painted after the item's detail (answered by the fake host on the next task) was shown. */
  readonly itemP50Ms: number;
  readonly itemP95Ms: number;
}

/** The extension host's figures (see ReviewUiResult.host). */
export interface HostFigures {
  /** The first open of the run: results.jsonl read whole, and results.index written beside it. */
  readonly coldOpenMs: number;
  readonly indexFileMB: number;
  /** Every later open (the figure): results.index read, checked against results.jsonl. */
  readonly openMs: number;
  readonly initMessageMs: number;
  readonly initMessageMB: number;
  readonly initRows: number;
  readonly detailMs: number;
  readonly restRowsMs: number;
  readonly restRowsMB: number;
  readonly chunks: number;
  readonly firstSearchMs: number;
  readonly searchMs: number;
  /** The floor under the open: reading results.jsonl and JSON.parse of every line, nothing else (same run). */
  readonly parseFloorMs: number;
}

export interface ReviewUiResult {
  readonly environment: string;
  /** Why happy-dom stood in for Chromium (no layout, no paint: the app's JavaScript time only), or null. */
  readonly fallback: string | null;
  readonly items: number;
  /**
   * The extension host's part, in node: open the run (the results index, from results.index), build the first messages (header,
   * a screen of rows, the first item's detail) and a detail; then the other rows (sent in chunks after the
   * first paint) and searches answered on the host (the first one reads and folds every item's texts).
   */
  readonly host: HostFigures;
  /** The webview's part, on the page's clock from navigation start (Chromium only). */
  readonly webview: {
    readonly readyMs: number;
    readonly initReceivedMs: number;
    readonly initHandledMs: number;
    readonly firstItemPaintedMs: number;
    /** From the init message arriving to the first item painted: what the webview itself spends. */
    readonly initToFirstItemMs: number;
    /** From the row chunks' arrival (fetched once the first item is painted) to the last one handled: every row in the list. */
    readonly allRowsMs: number;
    readonly rendered: unknown;
  } | null;
  /**
   * The open as the extension does it (Chromium only), on one clock (epoch milliseconds in both processes),
   * 0 = the Review command: the page starts navigating and, at the same moment, a process of its own (the
   * extension host's stand-in, bench/reviewUiHost.ts) starts ReviewSession.open from results.index and
   * writes the first messages; the page's 'ready' is answered (init fetched) once they are written.
   */
  readonly overlap: {
    /** When the host process took the 'go' message (the IPC's delay, and whatever else it was doing). */
    readonly hostStartedMs: number;
    readonly hostOpenedMs: number;
    /** The init and the first item's detail written: what the host's answer to 'ready' waits for. */
    readonly hostWrittenMs: number;
    /** The host process's CPU time until then (user + system): below hostWrittenMs when it waited for a core. */
    readonly hostCpuMs: number;
    /** The share of the machine's cores busy (any process) from the command to the first messages written; null off Linux. */
    readonly machineBusyShare: number | null;
    /** How long the browser took, after its launch and a blank page, to leave the cores mostly idle before the command (at most 5 s). */
    readonly browserSettledAfterMs: number;
    readonly navigationStartMs: number;
    readonly readyMs: number;
    readonly initReceivedMs: number;
    readonly firstItemPaintedMs: number;
  } | null;
  /** From the webview starting (navigation) to its first item painted, init transfer included. */
  readonly webviewFirstItemMs: number;
  /**
   * From the Review command to the first item painted. Chromium: the overlapped open's firstItemPaintedMs
   * (measured, not summed). happy-dom (no page load to overlap): host open + first messages + the webview's
   * handling + a detail, summed.
   */
  readonly openToFirstItemMs: number;
  readonly keys: Record<string, KeyLatency>;
  readonly heap: { readonly usedMB: number; readonly usedBeforeGcMB: number };
}

/** The files the host part writes and the page fetches. */
export interface HostFiles {
  readonly initPath: string;
  readonly firstItemPath: string;
  readonly chunksPath: string;
  readonly detailsPath: string;
}

/** Where the host part writes what the page fetches. */
export function hostFiles(dir: string): HostFiles {
  return {
    initPath: join(dir, 'init.json'),
    firstItemPath: join(dir, 'first-item.json'),
    chunksPath: join(dir, 'chunks.json'),
    detailsPath: join(dir, 'details.json'),
  };
}

/** The first open of a run, which writes results.index. */
export type ColdOpen = Pick<HostFigures, 'coldOpenMs' | 'indexFileMB'>;

/** What the host part (bench/reviewUi.ts hostSide) measured and wrote for the page. */
export interface HostSide extends HostFigures, HostFiles {
  readonly items: number;
}

/** The host part's figures as reported. */
export function hostTimes(host: HostSide): HostFigures {
  return {
    coldOpenMs: round(host.coldOpenMs, 1),
    indexFileMB: round(host.indexFileMB, 1),
    openMs: round(host.openMs, 1),
    initMessageMs: round(host.initMessageMs, 1),
    initMessageMB: round(host.initMessageMB, 3),
    initRows: host.initRows,
    detailMs: round(host.detailMs, 3),
    restRowsMs: round(host.restRowsMs, 1),
    restRowsMB: round(host.restRowsMB, 1),
    chunks: host.chunks,
    firstSearchMs: round(host.firstSearchMs, 1),
    searchMs: round(host.searchMs, 1),
    parseFloorMs: round(host.parseFloorMs, 1),
  };
}
