// Retry waits: the server's Retry-After when it gives one; otherwise a backoff that doubles only with the
// call's failures that came without one, so a 429 waited out as asked does not lengthen a later 500's wait.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ModelCallError } from '../../../src/core/model/modelError';
import { pooledCall } from '../../../src/core/model/pooledCall';
import { RequestPool } from '../../../src/core/model/requestPool';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs } from '../../../src/core/model/retryPolicy';

const POLICY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 400, maxDelayMs: 60_000 };
const serverError = (): ModelCallError => new ModelCallError('server', '500 Internal Server Error', 500, undefined);
const rateLimited = (retryAfterMs: number): ModelCallError => new ModelCallError('rate-limit', '429 Too Many Requests', 429, retryAfterMs);

test('the backoff lies between half its ceiling and the ceiling, which doubles with each failure without Retry-After', () => {
  for (const [backoff, low, high] of [
    [1, 200, 400],
    [2, 400, 800],
    [3, 800, 1600],
  ] as const) {
    assert.equal(
      retryDelayMs(POLICY, backoff, serverError(), () => 0),
      low,
    );
    assert.equal(
      retryDelayMs(POLICY, backoff, serverError(), () => 1),
      high,
    );
  }
  assert.equal(
    retryDelayMs(POLICY, 5, rateLimited(1000), () => 1),
    1000,
    'a Retry-After is waited as given',
  );
  assert.equal(
    retryDelayMs(DEFAULT_RETRY_POLICY, 1, serverError(), () => 1),
    500,
    'by default a first failure waits at most 0.5 s',
  );
});

test('a 500 after two 429s with Retry-After is backed off as a first failure', async () => {
  const pool = new RequestPool({ maxConcurrency: 1, adaptive: false });
  const answers = [rateLimited(10), rateLimited(10), serverError()];
  const sentAt: number[] = [];
  const result = await pooledCall({ pool, retry: POLICY, secrets: [] }, () => {
    sentAt.push(performance.now());
    const next = answers.shift();
    return next === undefined ? Promise.resolve('ok') : Promise.reject(next);
  });
  assert.deepEqual(result, { ok: true, value: 'ok', attempts: 4 });
  const [, , third, fourth] = sentAt;
  assert.ok(third !== undefined && fourth !== undefined);
  // A third attempt's backoff (0.8 to 1.6 s) would be the old wait; a first one is 0.2 to 0.4 s.
  assert.ok(fourth - third < 750, `waited ${Math.round(fourth - third)} ms after the 500`);
  assert.ok(fourth - third >= 195, `waited ${Math.round(fourth - third)} ms after the 500`);
});
