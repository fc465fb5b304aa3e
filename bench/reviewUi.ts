import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import * as z from 'zod';
import { HALLUCINATION_CATEGORIES, HALLUCINATION_LABELS } from '../src/core/adjudication/event';
import { initSequence } from '../src/core/review/initSequence';
import { ReviewSession } from '../src/core/review/reviewSession';
import { resultsIndexPathOf } from '../src/core/runs/resultsIndexFile';
import { RESULTS_FILE } from '../src/core/runs/runFolder';
import { type ItemDetail } from '../src/protocol';
import { type BenchPage, type CdpSession, chromiumUnavailable, launchChromium } from './browser';
import { REPO_ROOT, scratchDir } from './paths';
import { HARNESS_JS, PAGE_HTML } from './reviewUiPage';
import { log, median, percentile, round, since } from './stats';

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
  readonly host: {
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
  };
  /** The webview's part, on the page's clock from navigation start (Chromium only). */
  readonly webview: {
    readonly readyMs: number;
    readonly initReceivedMs: number;
    readonly initHandledMs: number;
    readonly firstItemPaintedMs: number;
    /** From the init message arriving to the first item painted: what the webview itself spends. */
    readonly initToFirstItemMs: number;
    /** When the last row chunk was handled (every row in the list), from navigation start. */
    readonly allRowsMs: number;
    readonly rendered: unknown;
  } | null;
  /** From the webview starting (navigation) to its first item painted, init transfer included. */
  readonly webviewFirstItemMs: number;
  /** Host open + init message + webview navigation to the first item painted + host detail: the whole wait. */
  readonly openToFirstItemMs: number;
  readonly keys: Record<string, KeyLatency>;
  readonly heap: { readonly usedMB: number; readonly usedBeforeGcMB: number };
}

const DETAILS_SHOWN = 300;

/** Builds the webview bundle as the packaged extension ships it (minified). */
async function buildWebview(dir: string): Promise<string> {
  const outfile = join(dir, 'webview.js');
  await build({
    entryPoints: [join(REPO_ROOT, 'webview/main.ts')],
    outfile,
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    loader: { '.css': 'text' },
    logLevel: 'silent',
  });
  return outfile;
}

interface HostSide {
  readonly initPath: string;
  readonly firstItemPath: string;
  readonly chunksPath: string;
  readonly detailsPath: string;
  readonly coldOpenMs: number;
  readonly indexFileMB: number;
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
  readonly parseFloorMs: number;
  readonly items: number;
}

/**
 * Reads results.jsonl and JSON.parses every line, keeping nothing, the way the index reads it (bytes, one
 * line decoded at a time): what any index of the file built on open costs at least.
 */
function parseFloor(runDir: string): number {
  const start = performance.now();
  const bytes = readFileSync(join(runDir, 'results.jsonl'));
  let from = 0;
  let parsed = 0;
  for (let newline = bytes.indexOf(0x0a); newline !== -1; newline = bytes.indexOf(0x0a, from)) {
    if (newline > from) parsed += JSON.parse(bytes.toString('utf8', from, newline)) === null ? 0 : 1;
    from = newline + 1;
  }
  if (parsed === 0) throw new Error('results.jsonl has no lines');
  return since(start);
}

/**
 * What the extension host does for the panel (ReviewPanel.postInit), timed: ReviewSession.open (the
 * results index), the init message with the first item's detail, the row chunks, item details, searches.
 */
function hostSide(runDir: string, dir: string): HostSide {
  // The first open after the run was written reads results.jsonl whole and writes results.index.
  const indexFile = resultsIndexPathOf(join(runDir, RESULTS_FILE));
  rmSync(indexFile, { force: true });
  let start = performance.now();
  ReviewSession.open(runDir, 'bench', { searchInRows: false });
  const coldOpenMs = since(start);
  if (!existsSync(indexFile)) throw new Error(`the first open did not write ${indexFile}`);
  start = performance.now();
  const { session } = ReviewSession.open(runDir, 'bench', { searchInRows: false });
  const openMs = since(start);
  const parseFloorMs = parseFloor(runDir);
  start = performance.now();
  const sequence = initSequence(session, {
    selectedItemId: null,
    role: 'annotator',
    categories: HALLUCINATION_CATEGORIES.map((id) => ({ id, label: HALLUCINATION_LABELS[id] })),
    blind: false,
    canUndo: false,
  });
  const text = JSON.stringify(sequence.init);
  const firstItemText = JSON.stringify({ type: 'item', detail: sequence.detail });
  const initMessageMs = since(start);
  start = performance.now();
  const chunks = [...sequence.chunks()];
  const chunksText = JSON.stringify(chunks);
  const restRowsMs = since(start);
  start = performance.now();
  session.search('河童 川');
  const firstSearchMs = since(start);
  const searchTimes = ['きつね', 'kappa', '妖怪 山'].map((query) => {
    const t = performance.now();
    session.search(query);
    return since(t);
  });
  const ids = session.manifest.dataset.itemIds;
  const shown = [...ids.slice(0, DETAILS_SHOWN), ...ids.slice(-DETAILS_SHOWN)];
  const times: number[] = [];
  const details: ItemDetail[] = shown.map((id) => {
    const t = performance.now();
    const detail = session.detail(id, false);
    times.push(since(t));
    return detail;
  });
  const initPath = join(dir, 'init.json');
  const firstItemPath = join(dir, 'first-item.json');
  const chunksPath = join(dir, 'chunks.json');
  const detailsPath = join(dir, 'details.json');
  writeFileSync(initPath, text);
  writeFileSync(firstItemPath, firstItemText);
  writeFileSync(chunksPath, chunksText);
  writeFileSync(detailsPath, JSON.stringify(details));
  return {
    initPath,
    firstItemPath,
    chunksPath,
    detailsPath,
    coldOpenMs,
    indexFileMB: statSync(indexFile).size / 1e6,
    openMs,
    initMessageMs,
    initMessageMB: (text.length + firstItemText.length) / 1e6,
    initRows: sequence.init.rows.length,
    detailMs: median(times),
    restRowsMs,
    restRowsMB: chunksText.length / 1e6,
    chunks: chunks.length,
    firstSearchMs,
    searchMs: median(searchTimes),
    parseFloorMs,
    items: ids.length,
  };
}

function serve(files: Readonly<Record<string, { path?: string; text?: string; type: string }>>): Promise<Server> {
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (file === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' });
    if (file.text !== undefined) res.end(file.text);
    else if (file.path !== undefined) createReadStream(file.path).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function numberIn(marks: Record<string, unknown>, key: string): number {
  const value = marks[key];
  if (typeof value !== 'number') throw new Error(`the page did not record ${key}`);
  return value;
}

async function pressKeys(page: BenchPage, key: string, count: number): Promise<KeyLatency> {
  const result = (await page.evaluate(`window.__bench.press(${JSON.stringify(key)}, ${count})`)) as { handler: number[]; selection: number[]; item: number[] };
  return {
    presses: count,
    handlerP95Ms: round(percentile(result.handler, 95), 2),
    selectionP50Ms: round(percentile(result.selection, 50), 2),
    selectionP95Ms: round(percentile(result.selection, 95), 2),
    itemP50Ms: round(percentile(result.item, 50), 2),
    itemP95Ms: round(percentile(result.item, 95), 2),
  };
}

async function heapMB(cdp: CdpSession): Promise<number> {
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize?: number };
  return (usage.usedSize ?? Number.NaN) / 1e6;
}

/** The review webview on a synthetic run: headless Chromium, else happy-dom (say so in the result). */
export async function benchReviewUi(runDir: string): Promise<ReviewUiResult> {
  const dir = scratchDir('review-ui');
  const host = hostSide(runDir, dir);
  log(
    `review ui: host open ${host.openMs.toFixed(0)} ms from results.index (${host.indexFileMB.toFixed(1)} MB; first open building it ${host.coldOpenMs.toFixed(0)} ms; read + JSON.parse of results.jsonl alone ${host.parseFloorMs.toFixed(0)} ms), first messages ${host.initMessageMs.toFixed(0)} ms (${host.initRows} rows, ${host.initMessageMB.toFixed(3)} MB), ` +
      `other rows ${host.restRowsMs.toFixed(0)} ms (${host.chunks} chunks, ${host.restRowsMB.toFixed(1)} MB), search ${host.firstSearchMs.toFixed(0)} ms first, ${host.searchMs.toFixed(0)} ms after`,
  );
  const unavailable = process.env['BENCH_REVIEW_UI'] === 'dom' ? 'BENCH_REVIEW_UI=dom' : chromiumUnavailable();
  return unavailable === null ? inChromium(host, dir) : inHappyDom(host, unavailable);
}

const DomResultSchema = z.object({ firstItemMs: z.number(), rendered: z.boolean(), keyP50Ms: z.number(), keyP95Ms: z.number(), heapMB: z.number() });

function hostTimes(host: HostSide): ReviewUiResult['host'] {
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

function inHappyDom(host: HostSide, why: string): ReviewUiResult {
  log(`review ui: headless Chromium unavailable (${why}): happy-dom instead`);
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'bench/reviewUiDom.ts'), host.initPath, host.firstItemPath, host.chunksPath, host.detailsPath], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 1e6 });
  if (child.status !== 0) throw new Error(`bench/reviewUiDom.ts failed: ${child.stderr}`);
  const dom = DomResultSchema.parse(JSON.parse(child.stdout));
  const key: KeyLatency = { presses: 200, handlerP95Ms: dom.keyP95Ms, selectionP50Ms: dom.keyP50Ms, selectionP95Ms: dom.keyP95Ms, itemP50Ms: dom.keyP50Ms, itemP95Ms: dom.keyP95Ms };
  return {
    environment: 'happy-dom (no layout or paint)',
    fallback: why,
    items: host.items,
    host: hostTimes(host),
    webview: null,
    webviewFirstItemMs: dom.firstItemMs,
    openToFirstItemMs: round(host.openMs + host.initMessageMs + dom.firstItemMs + host.detailMs, 1),
    keys: { j: key },
    heap: { usedMB: dom.heapMB, usedBeforeGcMB: Number.NaN },
  };
}

async function inChromium(host: HostSide, dir: string): Promise<ReviewUiResult> {
  const bundle = await buildWebview(dir);
  const codicons = join(REPO_ROOT, 'node_modules/@vscode/codicons/dist');
  const server = await serve({
    '/': { text: PAGE_HTML, type: 'text/html' },
    '/harness.js': { text: HARNESS_JS, type: 'text/javascript' },
    '/webview.js': { text: readFileSync(bundle, 'utf8'), type: 'text/javascript' },
    '/codicon.css': { path: join(codicons, 'codicon.css'), type: 'text/css' },
    '/codicon.ttf': { path: join(codicons, 'codicon.ttf'), type: 'font/ttf' },
    '/init.json': { path: host.initPath, type: 'application/json' },
    '/first-item.json': { path: host.firstItemPath, type: 'application/json' },
    '/chunks.json': { path: host.chunksPath, type: 'application/json' },
    '/details.json': { path: host.detailsPath, type: 'application/json' },
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { timeout: 60_000 });
    await page.waitForFunction('window.__bench && window.__bench.marks.rendered !== undefined && window.__bench.marks.allRows !== undefined', undefined, { timeout: 300_000, polling: 50 }).catch(async (error: unknown) => {
      const state = await page.evaluate('JSON.stringify({ marks: window.__bench && window.__bench.marks, errors: window.__bench && window.__bench.errors, body: document.body.innerText.slice(0, 300) })');
      throw new Error(`the review page never showed its first item (${String(state)}; page errors: ${errors.join('; ')})`, { cause: error });
    });
    const marks = (await page.evaluate('window.__bench.marks')) as Record<string, unknown>;
    const usedBeforeGc = await heapMB(cdp);
    const keys: Record<string, KeyLatency> = {};
    keys['j'] = await pressKeys(page, 'j', 200);
    keys['k'] = await pressKeys(page, 'k', 50);
    keys['PageDown'] = await pressKeys(page, 'PageDown', 20);
    keys['End'] = await pressKeys(page, 'End', 1);
    keys['Home'] = await pressKeys(page, 'Home', 1);
    await cdp.send('HeapProfiler.collectGarbage');
    const used = await heapMB(cdp);
    if (errors.length > 0) throw new Error(`the page threw: ${errors.join('; ')}`);
    const firstItem = numberIn(marks, 'firstItemPainted');
    const initReceived = numberIn(marks, 'initParsed');
    log(`review ui: first item painted at ${firstItem.toFixed(0)} ms after navigation; j p95 ${keys['j'].itemP95Ms} ms; heap ${used.toFixed(0)} MB`);
    return {
      environment: `headless Chromium ${browser.version()} (playwright-core), viewport 1280x800`,
      fallback: null,
      items: host.items,
      host: hostTimes(host),
      webview: {
        readyMs: round(numberIn(marks, 'ready'), 1),
        initReceivedMs: round(initReceived, 1),
        initHandledMs: round(numberIn(marks, 'initHandled'), 1),
        firstItemPaintedMs: round(firstItem, 1),
        initToFirstItemMs: round(firstItem - initReceived, 1),
        allRowsMs: round(numberIn(marks, 'allRows'), 1),
        rendered: marks['rendered'],
      },
      webviewFirstItemMs: round(firstItem, 1),
      openToFirstItemMs: round(host.openMs + host.initMessageMs + firstItem + host.detailMs, 1),
      keys,
      heap: { usedMB: round(used, 1), usedBeforeGcMB: round(usedBeforeGc, 1) },
    };
  } finally {
    await browser.close();
    server.close();
  }
}
