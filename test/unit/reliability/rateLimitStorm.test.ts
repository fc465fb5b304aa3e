// Under a 429 storm the client slows down instead of hammering the server: the test server counts every
// request and the tests bound them at 2.5 times the requests the run needs (YokaiEval: two per item). The
// run completes with every item scored or an error with its reason, and --retry-errors ends it exact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startTestServer, type TestServer, type TestServerOptions } from '../../server';
import { windowSize } from '../../../src/core/model/loadProbe';
import { type FailureVerdict, RequestPool, type PoolTicket, type RequestFailure } from '../../../src/core/model/requestPool';
import { readManifest } from '../../../src/core/runs/runFolder';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { DATASET_PATH, TEMPLATE_PATH, currentByItem, judgeTemplate, resultLines, runYokaiEval } from './yokaiRun';

const BOUND = 2.5;
/** The pool's spacing step in these tests (milliseconds, not the default 100). */
const MIN_SPACING_MS = 5;
/** How much one success eases the spacing of starts (RequestPool's SPACING_EASE). */
const SPACING_EASE = 0.9;

/** Records how far the pool backed off (its limit, and the spacing of starts below one request at a time). */
class WatchedPool extends RequestPool {
  lowestLimit = Number.POSITIVE_INFINITY;
  widestSpacingMs = 0;
  rateLimits = 0;

  override failed(ticket: PoolTicket, failure: RequestFailure): FailureVerdict {
    const verdict = super.failed(ticket, failure);
    if (failure.rateLimited) this.rateLimits += 1;
    this.lowestLimit = Math.min(this.lowestLimit, this.currentLimit);
    this.widestSpacingMs = Math.max(this.widestSpacingMs, this.currentSpacingMs);
    return verdict;
  }
}

interface StormOutcome {
  readonly server: TestServer;
  readonly pool: WatchedPool;
  readonly runDir: string;
  readonly requests: number;
  readonly needed: number;
}

async function storm(
  t: { after: (fn: () => Promise<void>) => void },
  name: string,
  items: number,
  concurrency: number,
  options: TestServerOptions,
): Promise<StormOutcome> {
  const server = await startTestServer({ judgeTemplate: judgeTemplate(), ...options });
  t.after(() => server.close());
  const runDir = join(scratchDir(name), 'run');
  // Real defaults except the time scale: retries and spacing in milliseconds, not seconds.
  const pool = new WatchedPool({ maxConcurrency: concurrency, minSpacingMs: MIN_SPACING_MS, cooldownMs: 20 });
  const outcome = await runYokaiEval({
    url: server.url,
    dir: runDir,
    limit: items,
    pool,
    retry: { maxAttempts: 6, baseDelayMs: 20, maxDelayMs: 500 },
  });
  assert.equal(outcome.cancelled, false);
  const requests = server.requests.filter((r) => r.kind === 'chat').length;
  const needed = 2 * items;
  process.stderr.write(
    `${name}: ${requests} requests for ${needed} needed (${(requests / needed).toFixed(2)}x), ${JSON.stringify(server.counts)}, lowest limit ${pool.lowestLimit}, widest spacing ${pool.widestSpacingMs.toFixed(0)} ms\n`,
  );
  return { server, pool, runDir, requests, needed };
}

/** Every item is scored, or an error with its reason; then --retry-errors (with the storm over) ends the run exact. */
async function assertCompleteThenExact(outcome: StormOutcome, items: number): Promise<void> {
  const { runDir, server } = outcome;
  const manifest = readManifest(runDir);
  assert.equal(manifest.counts.done + manifest.counts.error, items);
  assert.equal(manifest.counts.missing, 0);
  for (const line of currentByItem(runDir).values()) {
    if (line.error === null) assert.equal(typeof line.judgeReply, 'string');
    else assert.ok(line.error.kind !== '' && line.error.message !== '', `item ${line.itemId}: an error without a reason`);
  }
  server.configure({ faults: { seed: 0 }, rateLimitPerSecond: 0 });
  const retried = await runCli(['run', 'yokaieval', '--retry-errors', runDir, '--data', sharedDataDir, '--no-cache'], { env: {} });
  assert.equal(retried.code, 0, retried.stderr);
  assert.deepEqual(readManifest(runDir).counts, { items, done: items, error: 0, missing: 0 });
  assert.equal(resultLines(runDir).length, items + manifest.counts.error, 'only the errors were redone');
}

/**
 * Once the 429s stop, the pool is back at its full concurrency after enough successes: the successes that ease
 * spaced starts to none (a window ending meanwhile raises nothing), then at most one window to end a probe under
 * way plus one window per step up, each window's outcomes counted once the requests sent under the limit before it
 * (at most the full concurrency) are in. Which limit the storm left the pool at depends on the order its requests
 * completed in; this does not: the successes are counted from the server's own log. A pool that stopped raising
 * its limit fails here.
 */
async function assertRecovers(outcome: StormOutcome, name: string): Promise<void> {
  const { server, pool } = outcome;
  const max = pool.maxConcurrency;
  const spacing = pool.currentSpacingMs;
  let successes = spacing > 0 ? Math.ceil(Math.log(MIN_SPACING_MS / 4 / spacing) / Math.log(SPACING_EASE)) + windowSize(1) + max : 0;
  for (let limit = pool.currentLimit; limit <= max; limit++) successes += windowSize(limit) + max;
  server.configure({ faults: { seed: 0 }, rateLimitPerSecond: 0 });
  const from = server.requests.length;
  const calm = await runYokaiEval({
    url: server.url,
    dir: join(scratchDir(`${name}-calm`), 'run'),
    limit: Math.ceil(successes / 2),
    pool,
    retry: { maxAttempts: 6, baseDelayMs: 20, maxDelayMs: 500 },
  });
  assert.equal(calm.cancelled, false);
  const answers = server.requests.slice(from).filter((r) => r.kind === 'chat');
  assert.ok(answers.length >= successes, `${answers.length} requests after the storm, ${successes} needed`);
  assert.deepEqual(
    answers.filter((r) => r.status !== 200).map((r) => r.status),
    [],
    'no 429 (nor any other failure) after the storm',
  );
  assert.equal(pool.currentLimit, max, `back at the full concurrency after ${answers.length} successes`);
}

// Noisy 429s: a fifth of requests refused whatever the load (a shared gateway). Each 429 delays its own
// request; the pool finds they do not fall with a lower limit and goes back to the full concurrency. The
// limit it ends the storm at depends on the order requests complete in (a window that happens to hold more
// 429s starts a probe late in the run), so what is checked is that it tried a lower limit, took the 429s for
// noise, and is back at the full concurrency once they stop.
const NOISY_BOUND = 1.5;
for (const retryAfter of [0.05, null]) {
  test(`noisy 429s (20%${retryAfter === null ? ', no Retry-After' : ', short Retry-After'}) and 5% 500s: the pool recovers its full concurrency, under 1.5 times the requests needed`, async (t) => {
    if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
    const outcome = await storm(t, retryAfter === null ? 'storm-bare' : 'storm-ra', 150, 8, {
      latencyMs: 5,
      faults: { seed: retryAfter === null ? 4 : 3, rate429: 0.2, rate500: 0.05, retryAfterSeconds: retryAfter },
    });
    assert.ok(outcome.requests < NOISY_BOUND * outcome.needed, `${outcome.requests} requests for ${outcome.needed} needed`);
    assert.ok(outcome.pool.rateLimits > 0.1 * outcome.needed, `the server did answer 429s (${outcome.pool.rateLimits})`);
    assert.ok(outcome.pool.lowestLimit < 8, `the pool tried a lower limit (lowest ${outcome.pool.lowestLimit}), so its recovery is tested`);
    assert.ok(outcome.pool.noiseShare > 0.05, `the pool took the 429s for noise (share ${outcome.pool.noiseShare})`);
    assert.equal(outcome.pool.currentSpacingMs, 0, 'starts never spaced');
    await assertCompleteThenExact(outcome, 150);
    await assertRecovers(outcome, retryAfter === null ? 'storm-bare' : 'storm-ra');
  });
}

// A real rate limit (a token bucket) on a fast server: 16 requests at once would get mostly 429s, and even
// one request at a time is too many; the pool backs off to one at a time and spaces the starts, and once the
// limit is lifted, climbs back to the full concurrency.
for (const retryAfter of [true, false]) {
  test(`a server rate limit of 40 requests/s ${retryAfter ? 'with' : 'without'} Retry-After: the pool backs off (under 2.5 times the requests needed) and recovers once it ends`, async (t) => {
    if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
    const outcome = await storm(t, retryAfter ? 'bucket-ra' : 'bucket-bare', 60, 16, {
      latencyMs: 5,
      rateLimitPerSecond: 40,
      rateLimitBurst: 4,
      rateLimitRetryAfter: retryAfter,
    });
    assert.ok(outcome.requests < BOUND * outcome.needed, `${outcome.requests} requests for ${outcome.needed} needed`);
    await assertCompleteThenExact(outcome, 60);
    await assertRecovers(outcome, retryAfter ? 'bucket-ra' : 'bucket-bare');
  });
}
