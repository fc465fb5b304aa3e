// The request pool's adaptive concurrency, without a server: lower on 429, raise slowly on success, hold
// everyone during Retry-After or a cooldown, and space starts once one request at a time is still too many.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RequestPool } from '../../../src/core/model/requestPool';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('a 429 halves the limit once per burst; successes raise it by one per limit successes, up to the maximum', () => {
  const pool = new RequestPool({ maxConcurrency: 16 });
  const sent = Date.now() - 5;
  pool.onRateLimited(1, sent);
  assert.equal(pool.currentLimit, 8);
  // The other requests of the same burst were sent before the pool backed off: the same event.
  pool.onRateLimited(1, sent);
  pool.onRateLimited(1, sent);
  assert.equal(pool.currentLimit, 8);
  // One sent after the back-off is a new event.
  pool.onRateLimited(1, Date.now() + 1);
  assert.equal(pool.currentLimit, 4);
  for (let i = 0; i < 3; i++) pool.onSuccess();
  assert.equal(pool.currentLimit, 4, 'not before limit successes');
  pool.onSuccess();
  assert.equal(pool.currentLimit, 5);
  for (let i = 0; i < 200; i++) pool.onSuccess();
  assert.equal(pool.currentLimit, 16, 'never above the maximum');
});

test('below two at a time the pool spaces request starts, and eases the spacing off on success', () => {
  const pool = new RequestPool({ maxConcurrency: 2, minSpacingMs: 40 });
  pool.onRateLimited(undefined, Date.now() + 1);
  assert.equal(pool.currentLimit, 1);
  assert.equal(pool.currentSpacingMs, 40);
  pool.onRateLimited(undefined, Date.now() + 2);
  assert.equal(pool.currentSpacingMs, 80);
  pool.onSuccess();
  assert.ok(Math.abs(pool.currentSpacingMs - 72) < 1e-9);
  let successes = 1;
  while (pool.currentSpacingMs > 0 && successes < 100) {
    pool.onSuccess();
    successes += 1;
  }
  assert.equal(pool.currentSpacingMs, 0, 'the spacing ends');
  assert.ok(successes > 10, `eased off slowly (${successes} successes)`);
  assert.equal(pool.currentLimit, 1, 'the limit is raised only once starts are no longer spaced');
  pool.onSuccess();
  assert.equal(pool.currentLimit, 2);
});

test('Retry-After holds every new request until it has passed', async () => {
  const pool = new RequestPool({ maxConcurrency: 4 });
  const until = Date.now() + 60;
  pool.onRateLimited(60, Date.now() + 1);
  const started: number[] = [];
  await Promise.all(Array.from({ length: 3 }, () => pool.run(async () => void started.push(Date.now()))));
  assert.ok(started.every((at) => at >= until - 1), `started ${started.map((at) => at - until).join(', ')} ms after the pause ended`);
});

test('a 429 without Retry-After holds everyone for a cooldown that doubles while they go on and resets on success', async () => {
  const pool = new RequestPool({ maxConcurrency: 4, cooldownMs: 30 });
  let before = Date.now();
  pool.onRateLimited(undefined, Date.now() + 1);
  let at = 0;
  await pool.run(async () => void (at = Date.now()));
  assert.ok(at - before >= 29, `held ${at - before} ms`);
  before = Date.now();
  pool.onRateLimited(undefined, Date.now() + 1);
  await pool.run(async () => void (at = Date.now()));
  assert.ok(at - before >= 59, `the second cooldown doubled: held ${at - before} ms`);
  pool.onSuccess();
  before = Date.now();
  pool.onRateLimited(undefined, Date.now() + 1);
  await pool.run(async () => void (at = Date.now()));
  assert.ok(at - before >= 29, `after a success the cooldown starts over: held ${at - before} ms`);
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
