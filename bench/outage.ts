import { join } from 'node:path';
import { ResultLineSchema } from '../src/core/runs/resultLine';
import { readJsonl } from '../src/core/util/jsonlReader';
import { timedCliRun } from './cliRun';
import { DATA_DIR, scratchDir } from './paths';
import { log, round } from './stats';
import { startServerProcess } from './testServer';

export interface OutageResult {
  readonly items: number;
  readonly latencyMs: number;
  readonly concurrency: number;
  readonly outageMs: number;
  /** The model request at which the server went down. */
  readonly downAtRequest: number;
  /** requests x latency / concurrency + the outage: no client finishes sooner. */
  readonly floorMs: number;
  readonly wallMs: number;
  readonly wallOverFloor: number;
  readonly failedItems: number;
  /** Lines in results.jsonl: one per item when every item was scored once. */
  readonly resultLines: number;
  readonly requestsOverNeeded: number;
}

const LATENCY_MS = 100;
const CONCURRENCY = 32;
const OUTAGE_MS = 10_000;
const DOWN_AT = 600;

/**
 * A full YokaiEval run (810 items) at 100 ms and concurrency 32 against a server that goes down at its
 * 600th model request (every connection dropped, new ones refused) for 10 s and comes back; no --retry-errors.
 */
export async function benchOutage(): Promise<OutageResult> {
  const server = await startServerProcess([
    '--latency-ms',
    String(LATENCY_MS),
    '--outage-after-requests',
    String(DOWN_AT),
    '--outage-ms',
    String(OUTAGE_MS),
  ]);
  try {
    const out = scratchDir('outage');
    const run = await timedCliRun([
      'run',
      'yokaieval',
      '--model',
      'test-model',
      '--base-url',
      server.url,
      '--judge-model',
      'gpt-4o',
      '--data',
      DATA_DIR,
      '--out',
      out,
      '--name',
      'outage',
      '--no-cache',
      '--concurrency',
      String(CONCURRENCY),
    ]);
    const needed = run.manifest.counts.items * 2;
    const floorMs = (needed * LATENCY_MS) / CONCURRENCY + OUTAGE_MS;
    const lines = readJsonl(join(out, 'outage', 'results.jsonl'), ResultLineSchema).records.length;
    log(
      `outage: ${run.manifest.counts.items} items, ${run.manifest.counts.error} failed, ${lines} result lines, ${run.manifest.usage.requests} requests in ${Math.round(run.wallMs)} ms (floor ${Math.round(floorMs)} ms)`,
    );
    return {
      items: run.manifest.counts.items,
      latencyMs: LATENCY_MS,
      concurrency: CONCURRENCY,
      outageMs: OUTAGE_MS,
      downAtRequest: DOWN_AT,
      floorMs: round(floorMs, 0),
      wallMs: round(run.wallMs, 0),
      wallOverFloor: round(run.wallMs / floorMs),
      failedItems: run.manifest.counts.error,
      resultLines: lines,
      requestsOverNeeded: round(run.manifest.usage.requests / needed),
    };
  } finally {
    await server.stop();
  }
}
