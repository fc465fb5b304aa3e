import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseKalahiCsv } from '../src/core/benchmarks/kalahi/dataset';
import { parseYokaiEval } from '../src/core/benchmarks/yokaieval/dataset';
import { ReviewSession } from '../src/core/review/reviewSession';
import { RESULTS_FILE, readCurrentResults } from '../src/core/runs/runFolder';
import { KALAHI_CSV, YOKAIEVAL_JSON } from './paths';
import { collectGarbage, log, median, round, since, timeRepeated } from './stats';

export interface LoadingResult {
  /** Read + parse + validate works/YokaiEval.json (810 items): median ms. */
  readonly yokaiEvalMs: number;
  /** Read + parse + validate data/filipino.csv (150 items). */
  readonly kalahiCsvMs: number;
  /** readCurrentResults on the synthetic run: read, JSON.parse and validate every line. */
  readonly results: {
    readonly lines: number;
    readonly megabytes: number;
    readonly ms: number;
    readonly linesPerSecond: number;
    readonly megabytesPerSecond: number;
  };
  /** ReviewSession.open (run.json, the results index, the whole adjudication log), rows() (as the panel sends them, without search text) and header(). */
  readonly reviewOpen: { readonly openMs: number; readonly rowsMs: number; readonly headerMs: number; readonly heapUsedMB: number };
  /* heapUsedMB: what an open session of the run holds (after a full collection). */
}

/** Parse + validate of the two official datasets, and opening a 100 000-line results.jsonl. */
export function benchLoading(runDir: string, repetitions: number): LoadingResult {
  const yokai = timeRepeated(repetitions, () => parseYokaiEval(readFileSync(YOKAIEVAL_JSON, 'utf8'), YOKAIEVAL_JSON));
  const kalahi = timeRepeated(repetitions, () => parseKalahiCsv(readFileSync(KALAHI_CSV, 'utf8'), KALAHI_CSV));
  log(`loading: YokaiEval.json ${median(yokai).toFixed(1)} ms, filipino.csv ${median(kalahi).toFixed(1)} ms`);

  const bytes = statSync(join(runDir, RESULTS_FILE)).size;
  let lines = 0;
  const results = timeRepeated(repetitions, () => {
    lines = readCurrentResults(runDir).lines;
  });
  const resultsMs = median(results);
  log(`loading: results.jsonl, ${lines} lines (${(bytes / 1e6).toFixed(0)} MB) in ${resultsMs.toFixed(0)} ms`);

  const opens: number[] = [];
  const rows: number[] = [];
  const headers: number[] = [];
  let heapUsedMB = 0;
  let held: ReviewSession | undefined;
  for (let i = 0; i < repetitions; i++) {
    held = undefined;
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    let start = performance.now();
    const { session } = ReviewSession.open(runDir, 'bench', { searchInRows: false });
    held = session;
    opens.push(since(start));
    start = performance.now();
    session.rows();
    rows.push(since(start));
    start = performance.now();
    session.header();
    headers.push(since(start));
    collectGarbage();
    heapUsedMB = Math.max(heapUsedMB, (process.memoryUsage().heapUsed - before) / 1e6);
  }
  if (held === undefined) throw new Error('no session');
  log(
    `loading: ReviewSession.open ${median(opens).toFixed(0)} ms, rows() ${median(rows).toFixed(0)} ms, header() ${median(headers).toFixed(1)} ms`,
  );
  return {
    yokaiEvalMs: round(median(yokai), 2),
    kalahiCsvMs: round(median(kalahi), 2),
    results: {
      lines,
      megabytes: round(bytes / 1e6, 1),
      ms: round(resultsMs, 1),
      linesPerSecond: Math.round(lines / (resultsMs / 1000)),
      megabytesPerSecond: round(bytes / 1e6 / (resultsMs / 1000), 1),
    },
    reviewOpen: {
      openMs: round(median(opens), 1),
      rowsMs: round(median(rows), 1),
      headerMs: round(median(headers), 2),
      heapUsedMB: round(heapUsedMB, 1),
    },
  };
}
