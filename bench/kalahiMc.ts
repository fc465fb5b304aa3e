import { readFileSync } from 'node:fs';
import { parseKalahiCsv } from '../src/core/benchmarks/kalahi/dataset';
import { timedCliRun } from './cliRun';
import { DATA_DIR, KALAHI_CSV, scratchDir } from './paths';
import { log, median, round } from './stats';
import { startServerProcess } from './testServer';

export interface KalahiMcRunResult {
  readonly concurrency: number;
  readonly items: number;
  readonly requests: number;
  readonly requestsPerItem: number;
  readonly idealMs: number;
  readonly wallMs: number;
  readonly wallOverIdeal: number;
  /** The least time any client can take: ceil(requests / concurrency) rounds of requests (the probe overlaps the first). */
  readonly floorMs: number;
  readonly wallOverFloor: number;
  /** Median client CPU time per request: parsing the echoed log-probs of every reference dominates. */
  readonly cpuMsPerRequest: number;
}

export interface KalahiMcResult {
  readonly latencyMs: number;
  /** References per item (relevant + irrelevant), the requests per item without batching. */
  readonly referencesPerItem: number;
  readonly runs: KalahiMcRunResult[];
}

const LATENCY_MS = 100;

/**
 * Kalahi MC (150 items, log-probs of every reference through /v1/completions with echo) against the test
 * server, which takes a prompt list, so each item's references go in one request; at concurrency 32 (as
 * the runner bench) and 8. Each figure is the median of `repetitions` runs.
 */
export async function benchKalahiMc(repetitions: number): Promise<KalahiMcResult> {
  const server = await startServerProcess(['--latency-ms', String(LATENCY_MS)]);
  try {
    const out = scratchDir('kalahi');
    const runs: KalahiMcRunResult[] = [];
    for (const concurrency of [32, 8]) {
      const walls: number[] = [];
      const cpu: number[] = [];
      let requests = 0;
      let items = 0;
      for (let i = 0; i < repetitions; i++) {
        const run = await timedCliRun([
          'run', 'kalahi', '--task', 'mc', '--model', 'test-model', '--base-url', server.url, '--data', DATA_DIR,
          '--out', out, '--name', `mc-${concurrency}-${i}`, '--no-cache', '--concurrency', String(concurrency),
        ]);
        walls.push(run.wallMs);
        requests = run.manifest.usage.requests;
        cpu.push(run.cpuMs / requests);
        items = run.manifest.counts.items;
        if (run.manifest.counts.error > 0) throw new Error(`kalahi mc: ${run.manifest.counts.error} items failed`);
      }
      const wall = median(walls);
      const idealMs = (requests * LATENCY_MS) / concurrency;
      const floorMs = Math.ceil(requests / concurrency) * LATENCY_MS;
      log(`kalahi mc at ${concurrency}: ${items} items, ${requests} requests in ${Math.round(wall)} ms (ideal ${Math.round(idealMs)} ms, floor ${floorMs} ms)`);
      runs.push({
        concurrency,
        items,
        requests,
        requestsPerItem: round(requests / items),
        idealMs: round(idealMs, 1),
        wallMs: round(wall, 1),
        wallOverIdeal: round(wall / idealMs),
        floorMs,
        wallOverFloor: round(wall / floorMs),
        cpuMsPerRequest: round(median(cpu), 2),
      });
    }
    return { latencyMs: LATENCY_MS, referencesPerItem: round(meanReferences(), 2), runs };
  } finally {
    await server.stop();
  }
}

/** Mean references (relevant + irrelevant) per item of the official CSV. */
function meanReferences(): number {
  const items = parseKalahiCsv(readFileSync(KALAHI_CSV, 'utf8'), KALAHI_CSV);
  return items.reduce((sum, item) => sum + item.relevant.length + item.irrelevant.length, 0) / items.length;
}
