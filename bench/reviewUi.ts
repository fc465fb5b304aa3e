import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { ReviewSession } from '../src/core/review/reviewSession';
import { resultsIndexPathOf } from '../src/core/runs/resultsIndexFile';
import { RESULTS_FILE } from '../src/core/runs/runFolder';
import { type ItemDetail } from '../src/core/protocol/review';
import { chromiumUnavailable } from './browser';
import { REPO_ROOT, scratchDir } from './paths';
import { inChromium } from './reviewUiChromium';
import { benchOpeningMessages } from './reviewUiInit';
import { type ColdOpen, type HostSide, type KeyLatency, type ReviewUiResult, hostFiles, hostTimes } from './reviewUiResult';
import { log, median, round, since } from './stats';

export type { ReviewUiResult } from './reviewUiResult';

const DETAILS_SHOWN = 300;

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
/** The first open after the run was written: it reads results.jsonl whole and writes results.index. */
function coldOpen(runDir: string): ColdOpen {
  const indexFile = resultsIndexPathOf(join(runDir, RESULTS_FILE));
  rmSync(indexFile, { force: true });
  const start = performance.now();
  ReviewSession.open(runDir, 'bench', { searchInRows: false });
  const coldOpenMs = since(start);
  if (!existsSync(indexFile)) throw new Error(`the first open did not write ${indexFile}`);
  return { coldOpenMs, indexFileMB: statSync(indexFile).size / 1e6 };
}

function hostSide(runDir: string, dir: string, cold: ColdOpen): HostSide {
  let start = performance.now();
  const { session } = ReviewSession.open(runDir, 'bench', { searchInRows: false });
  const openMs = since(start);
  const parseFloorMs = parseFloor(runDir);
  start = performance.now();
  const sequence = benchOpeningMessages(session);
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
  const { initPath, firstItemPath, chunksPath, detailsPath } = hostFiles(dir);
  writeFileSync(initPath, text);
  writeFileSync(firstItemPath, firstItemText);
  writeFileSync(chunksPath, chunksText);
  writeFileSync(detailsPath, JSON.stringify(details));
  return {
    initPath,
    firstItemPath,
    chunksPath,
    detailsPath,
    ...cold,
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

/** The review webview on a synthetic run: headless Chromium, else happy-dom (say so in the result). */
export async function benchReviewUi(runDir: string): Promise<ReviewUiResult> {
  const dir = scratchDir('review-ui');
  const cold = coldOpen(runDir);
  const unavailable = process.env['BENCH_REVIEW_UI'] === 'dom' ? 'BENCH_REVIEW_UI=dom' : chromiumUnavailable();
  // In Chromium the open is timed first, then (once the first item is painted) the host's other work, so
  // that the bench's own heap (chunks, search texts) weighs on none of the open.
  return unavailable === null
    ? inChromium(runDir, dir, () => measuredHost(runDir, dir, cold))
    : inHappyDom(measuredHost(runDir, dir, cold), unavailable);
}

function measuredHost(runDir: string, dir: string, cold: ColdOpen): HostSide {
  const host = hostSide(runDir, dir, cold);
  log(
    `review ui: host open ${host.openMs.toFixed(0)} ms from results.index (${host.indexFileMB.toFixed(1)} MB; first open building it ${host.coldOpenMs.toFixed(0)} ms; read + JSON.parse of results.jsonl alone ${host.parseFloorMs.toFixed(0)} ms), first messages ${host.initMessageMs.toFixed(0)} ms (${host.initRows} rows, ${host.initMessageMB.toFixed(3)} MB), ` +
      `other rows ${host.restRowsMs.toFixed(0)} ms (${host.chunks} chunks, ${host.restRowsMB.toFixed(1)} MB), search ${host.firstSearchMs.toFixed(0)} ms first, ${host.searchMs.toFixed(0)} ms after`,
  );
  return host;
}

const DomResultSchema = z.object({
  firstItemMs: z.number(),
  rendered: z.boolean(),
  keyP50Ms: z.number(),
  keyP95Ms: z.number(),
  heapMB: z.number(),
});

function inHappyDom(host: HostSide, why: string): ReviewUiResult {
  log(`review ui: headless Chromium unavailable (${why}): happy-dom instead`);
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'bench/reviewUiDom.ts'), host.initPath, host.firstItemPath, host.chunksPath, host.detailsPath],
    { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 1e6 },
  );
  if (child.status !== 0) throw new Error(`bench/reviewUiDom.ts failed: ${child.stderr}`);
  const dom = DomResultSchema.parse(JSON.parse(child.stdout));
  const key: KeyLatency = {
    presses: 200,
    handlerP95Ms: dom.keyP95Ms,
    selectionP50Ms: dom.keyP50Ms,
    selectionP95Ms: dom.keyP95Ms,
    itemP50Ms: dom.keyP50Ms,
    itemP95Ms: dom.keyP95Ms,
  };
  return {
    environment: 'happy-dom (no layout or paint)',
    fallback: why,
    items: host.items,
    host: hostTimes(host),
    webview: null,
    webviewFirstItemMs: dom.firstItemMs,
    overlap: null,
    // No page load to overlap with the host's open here: the parts summed.
    openToFirstItemMs: round(host.openMs + host.initMessageMs + dom.firstItemMs + host.detailMs, 1),
    keys: { j: key },
    heap: { usedMB: dom.heapMB, usedBeforeGcMB: Number.NaN },
  };
}
