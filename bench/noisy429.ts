import { join } from 'node:path';
import { timedCliRun } from './cliRun';
import { DATA_DIR, scratchDir } from './paths';
import { log, round } from './stats';
import { startServerProcess } from './testServer';

export interface Noisy429Result {
  readonly share429: number;
  readonly share500: number;
  readonly retryAfterSeconds: number;
  readonly latencyMs: number;
  readonly concurrency: number;
  readonly items: number;
  /** Requests the run needs (model + judge per item). */
  readonly needed: number;
  /** (needed x 0.2 / 0.75 x Retry-After + needed x latency) / concurrency: the waits the 429s alone impose, spread over the workers. */
  readonly floorMs: number;
  readonly wallMs: number;
  readonly wallOverFloor: number;
  /** HTTP requests the client sent, retries included, over the ones needed. */
  readonly requestsOverNeeded: number;
  readonly answered429: number;
  readonly answered500: number;
  readonly failedItems: number;
}

const SHARE_429 = 0.2;
const SHARE_500 = 0.05;
const RETRY_AFTER_S = 1;
const LATENCY_MS = 0;
const CONCURRENCY = 16;

/**
 * A full YokaiEval run (810 items, 1 620 requests) at concurrency 16 against a server that answers a fifth of
 * requests 429 (Retry-After 1 s) and 5% 500 whatever the load, at once: a shared gateway shedding load.
 */
export async function benchNoisy429(): Promise<Noisy429Result> {
  const server = await startServerProcess([
    '--latency-ms',
    String(LATENCY_MS),
    '--fault-seed',
    '13',
    '--rate429',
    String(SHARE_429),
    '--rate500',
    String(SHARE_500),
    '--retry-after-seconds',
    String(RETRY_AFTER_S),
  ]);
  try {
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
      join(scratchDir('noisy')),
      '--name',
      'noisy',
      '--no-cache',
      '--concurrency',
      String(CONCURRENCY),
    ]);
    const counts = await server.counts();
    const needed = run.manifest.counts.items * 2;
    const expected429 = (needed * SHARE_429) / (1 - SHARE_429 - SHARE_500);
    const floorMs = (expected429 * RETRY_AFTER_S * 1000 + needed * LATENCY_MS) / CONCURRENCY;
    log(
      `noisy 429s: ${needed} requests needed, ${run.manifest.usage.requests} sent (${counts['429'] ?? 0} answered 429, ${counts['500'] ?? 0} 500) in ${Math.round(run.wallMs)} ms (floor ${Math.round(floorMs)} ms)`,
    );
    return {
      share429: SHARE_429,
      share500: SHARE_500,
      retryAfterSeconds: RETRY_AFTER_S,
      latencyMs: LATENCY_MS,
      concurrency: CONCURRENCY,
      items: run.manifest.counts.items,
      needed,
      floorMs: round(floorMs, 0),
      wallMs: round(run.wallMs, 0),
      wallOverFloor: round(run.wallMs / floorMs),
      requestsOverNeeded: round(run.manifest.usage.requests / needed),
      answered429: counts['429'] ?? 0,
      answered500: counts['500'] ?? 0,
      failedItems: run.manifest.counts.error,
    };
  } finally {
    await server.stop();
  }
}
