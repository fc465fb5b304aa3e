import { test } from 'node:test';
import assert from 'node:assert/strict';
import { criticalValue, normalQuantile } from '../../../src/core/stats/normal';

// Reference quantiles of the standard normal (tables to 16 digits, e.g. scipy.stats.norm.ppf).
const KNOWN: readonly [number, number][] = [
  [0.5, 0],
  [0.6, 0.2533471031357997],
  [0.9, 1.2815515655446004],
  [0.975, 1.959963984540054],
  [0.995, 2.5758293035489004],
  [0.999, 3.090232306167813],
  [1e-10, -6.361340902404056],
  [1e-20, -9.262340089798409],
];

test('AS 241 gives the normal quantile to about 1e-15 in all three of its regions', () => {
  for (const [p, z] of KNOWN)
    assert.ok(Math.abs(normalQuantile(p) - z) <= 4e-15 * Math.max(1, Math.abs(z)), `p=${p}: ${normalQuantile(p)} vs ${z}`);
  assert.ok(Math.abs(normalQuantile(0.025) + normalQuantile(0.975)) < 1e-15);
  assert.equal(normalQuantile(0), -Infinity);
  assert.throws(() => normalQuantile(1.5), RangeError);
});

test('the 95% critical value is 1.96', () => {
  assert.ok(Math.abs(criticalValue(0.95) - 1.959963984540054) < 1e-15);
});
