// The request pool without a server: it lowers its limit only when 429s rise with load, keeps it when they
// are noise, holds everyone only at one request at a time, and holds everyone while the server is away.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { RequestPool, type RequestFailure } from '../../../src/core/model/requestPool';
import { mulberry32 } from '../../server/rng';

const RATE_LIMITED: RequestFailure = { rateLimited: true, retryAfterMs: undefined, unreachable: false, answered: true };
const REFUSED: RequestFailure = { rateLimited: false, retryAfterMs: undefined, unreachable: true, answered: false };

/**
 * Rounds of `limit` requests at once, as a run keeps the pool full; `rateLimited(limit)` draws whether one
 * is answered 429 at that limit. Returns the limit after each round.
 */
async function rounds(pool: RequestPool, count: number, rateLimited: (limit: number) => boolean, retryAfterMs?: number): Promise<number[]> {
  const limits: number[] = [];
  for (let r = 0; r < count; r++) {
    const limit = pool.currentLimit;
    await Promise.all(
      Array.from({ length: limit }, () =>
        pool.run(async (ticket) => {
          await tick();
          if (rateLimited(limit)) pool.failed(ticket, { ...RATE_LIMITED, retryAfterMs });
          else pool.succeeded(ticket);
        }),
      ),
    );
    limits.push(pool.currentLimit);
  }
  return limits;
}

test('noisy 429s (a fifth of requests whatever the load): the pool tries a lower limit, sees no change and goes back to the full concurrency', async () => {
  const pool = new RequestPool({ maxConcurrency: 16 });
  const random = mulberry32(7);
  const limits = await rounds(pool, 60, () => random() < 0.2);
  assert.equal(limits.at(-1), 16, `back at the full concurrency: ${limits.join(' ')}`);
  const mean = limits.reduce((a, b) => a + b, 0) / limits.length;
  assert.ok(mean > 14, `mostly at the full concurrency (mean ${mean.toFixed(1)}): ${limits.join(' ')}`);
  assert.ok(pool.noiseShare > 0.08 && pool.noiseShare < 0.32, `noise share ${pool.noiseShare}`);
});

test('429s that rise with load (a server that serves 4 at a time): the limit comes down near 4 and stays there', async () => {
  const pool = new RequestPool({ maxConcurrency: 32 });
  const random = mulberry32(3);
  // At limit L, a share 1 - 4/L of the requests are refused (none at 4 or below).
  const limits = await rounds(pool, 80, (limit) => random() < Math.max(0, 1 - 4 / limit));
  const late = limits.slice(40);
  assert.ok(Math.max(...late) <= 7, `stays near what the server takes: ${late.join(' ')}`);
  assert.ok(Math.min(...late) >= 2, `without collapsing: ${late.join(' ')}`);
});

test("a single 429 changes neither the limit nor anyone else's start", async () => {
  const pool = new RequestPool({ maxConcurrency: 8 });
  let started = 0;
  await pool.run(async (ticket) => void pool.failed(ticket, { ...RATE_LIMITED, retryAfterMs: 60_000 }));
  const before = Date.now();
  await pool.run(async (ticket) => {
    started = Date.now();
    pool.succeeded(ticket);
  });
  assert.equal(pool.currentLimit, 8);
  assert.ok(started - before < 1000, 'no pause of every request');
});

test('at one request at a time under a rate limit, 429s go on: everyone holds for Retry-After and starts are spaced', async () => {
  const pool = new RequestPool({ maxConcurrency: 4, minSpacingMs: 5, maxSpacingMs: 50 });
  // A server that takes fewer than one request per round: every request at any limit is refused.
  await rounds(pool, 50, () => true, 1);
  assert.equal(pool.currentLimit, 1);
  assert.ok(pool.currentSpacingMs > 0, 'starts are spaced');
  const until = Date.now() + 60;
  await pool.run(async (ticket) => void pool.failed(ticket, { ...RATE_LIMITED, retryAfterMs: 60 }));
  const started: number[] = [];
  await Promise.all(Array.from({ length: 2 }, () => pool.run(async (ticket) => void (started.push(Date.now()), pool.succeeded(ticket)))));
  assert.ok(
    started.every((at) => at >= until - 1),
    `started ${started.map((at) => at - until).join(', ')} ms after the pause ended`,
  );
});

test('a refused connection holds every request; one probe at a time; the first answer lets everyone go', async () => {
  const pool = new RequestPool({ maxConcurrency: 4, outageProbeMs: 20 });
  let verdict = '';
  await pool.run(async (ticket) => void (verdict = pool.failed(ticket, REFUSED)));
  assert.equal(verdict, 'forgiven', 'a refused connection within the patience is not an attempt');
  let serverUp = false;
  let probes = 0;
  let sentWhileDown = 0;
  const sent: string[] = [];
  const request = async (): Promise<void> => {
    for (;;) {
      let again = false;
      await pool.run(async (ticket) => {
        if (!serverUp) {
          sentWhileDown += 1;
          if (ticket.probe) probes += 1;
          again = pool.failed(ticket, REFUSED) === 'forgiven';
          return;
        }
        sent.push('ok');
        pool.succeeded(ticket);
      });
      if (!again) return;
    }
  };
  const all = Promise.all(Array.from({ length: 6 }, request));
  await new Promise((resolve) => setTimeout(resolve, 200));
  serverUp = true;
  await all;
  assert.equal(sent.length, 6, 'every request went through once the server was back');
  assert.equal(sentWhileDown, probes, 'while down only probes were sent');
  assert.ok(probes >= 2 && probes <= 6, `probes spaced by a doubling wait: ${probes}`);
});

test('past the patience the server is given up: requests go through at once and a refused one is final', async () => {
  const pool = new RequestPool({ maxConcurrency: 2, outagePatienceMs: 30, outageProbeMs: 5 });
  await pool.run(async (ticket) => void pool.failed(ticket, REFUSED));
  await new Promise((resolve) => setTimeout(resolve, 40));
  const verdicts: string[] = [];
  await Promise.all(Array.from({ length: 2 }, () => pool.run(async (ticket) => void verdicts.push(pool.failed(ticket, REFUSED)))));
  assert.deepEqual(verdicts, ['gone', 'gone'], 'not held behind a probe, and not retried');
});

test('never more requests in flight than the limit; a cancelled wait gives its place back', async () => {
  const pool = new RequestPool({ maxConcurrency: 3 });
  let inFlight = 0;
  let most = 0;
  const release: (() => void)[] = [];
  const task = (): Promise<void> =>
    new Promise((resolve) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      release.push(() => {
        inFlight -= 1;
        resolve();
      });
    });
  const controller = new AbortController();
  const runs = Array.from({ length: 6 }, () => pool.run(task));
  const cancelled = pool.run(task, controller.signal);
  await tick();
  assert.equal(most, 3);
  controller.abort(new Error('stop'));
  await assert.rejects(cancelled, /stop/);
  while (release.length > 0) {
    release.shift()?.();
    await tick();
    await tick();
  }
  await Promise.all(runs);
  assert.equal(most, 3);
  assert.equal(pool.inFlight, 0);
});
