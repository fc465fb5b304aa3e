import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wilsonInterval } from '../../../src/core/stats/wilson';

// Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison of seven methods",
// Statistics in Medicine 17:857–872, Table II, method 3 (Wilson score interval without continuity correction).
const NEWCOMBE: readonly [number, number, number, number][] = [
  [81, 263, 0.2553, 0.3662],
  [15, 148, 0.0624, 0.1605],
  [0, 20, 0.0, 0.1611],
  [1, 29, 0.0061, 0.1718],
];

test('the Wilson interval matches Newcombe (1998) Table II to four decimals', () => {
  for (const [x, n, lo, hi] of NEWCOMBE) {
    const ci = wilsonInterval(x, n);
    assert.ok(ci !== null);
    assert.equal(Number(ci[0].toFixed(4)), lo, `${x}/${n} lower`);
    assert.equal(Number(ci[1].toFixed(4)), hi, `${x}/${n} upper`);
  }
});

test('by hand: 0 of 20 has upper bound z²/(n + z²)', () => {
  const z2 = 1.959963984540054 ** 2;
  assert.ok(Math.abs((wilsonInterval(0, 20)?.[1] ?? 0) - z2 / (20 + z2)) < 1e-15);
  assert.equal(wilsonInterval(0, 0), null);
  assert.deepEqual(wilsonInterval(20, 20)?.[1], 1);
});
