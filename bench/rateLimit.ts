import { timedCliRun } from './cliRun';
import { DATA_DIR, scratchDir } from './paths';
import { log, round } from './stats';
import { startServerProcess } from './testServer';

export interface RateLimitResult {
  readonly ratePerSecond: number;
  readonly burst: number;
  readonly latencyMs: number;
  readonly concurrency: number;
  readonly items: number;
  readonly requests: number;
  /** requests / R: how long the server's limit alone makes the run take. */
  readonly floorMs: number;
  readonly wallMs: number;
  readonly wallOverFloor: number;
  /** HTTP requests the client sent (retries included) and how many the server refused with 429. */
  readonly httpRequests: number;
  readonly rateLimited: number;
  readonly failedItems: number;
}

export const RATE_PER_SECOND = 50;
const ITEMS = 200;
const LATENCY_MS = 100;
const CONCURRENCY = 32;

/**
 * 200 YokaiEval items (400 requests) at concurrency 32 against a server that allows 50 requests per second
 * (token bucket, burst 50) and answers 429 with Retry-After beyond that, each answer after 100 ms.
 */
export async function benchRateLimit(): Promise<RateLimitResult> {
  const server = await startServerProcess(['--latency-ms', String(LATENCY_MS), '--rate-limit-per-second', String(RATE_PER_SECOND)]);
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
      scratchDir('rate'),
      '--name',
      'rate-limited',
      '--no-cache',
      '--concurrency',
      String(CONCURRENCY),
      '--limit',
      String(ITEMS),
    ]);
    const counts = await server.counts();
    const requests = run.manifest.counts.items * 2;
    const floorMs = (requests / RATE_PER_SECOND) * 1000;
    const rateLimited = counts['429'] ?? 0;
    log(
      `rate limit: ${requests} requests at ${RATE_PER_SECOND}/s in ${Math.round(run.wallMs)} ms (requests / R = ${Math.round(floorMs)} ms), ${rateLimited} answered 429`,
    );
    return {
      ratePerSecond: RATE_PER_SECOND,
      burst: RATE_PER_SECOND,
      latencyMs: LATENCY_MS,
      concurrency: CONCURRENCY,
      items: run.manifest.counts.items,
      requests,
      floorMs,
      wallMs: round(run.wallMs, 1),
      wallOverFloor: round(run.wallMs / floorMs),
      httpRequests: run.manifest.usage.requests,
      rateLimited,
      failedItems: run.manifest.counts.error,
    };
  } finally {
    await server.stop();
  }
}
