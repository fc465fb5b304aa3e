import { test } from 'node:test';
import assert from 'node:assert/strict';
import { logGamma, studentCdf, studentCriticalValue, studentQuantile } from '../../../src/core/stats/studentT';

// Closed forms of Student's t distribution function for 1, 2 and 3 degrees of freedom (independent of the
// incomplete beta function the code uses).
const CLOSED_CDF: Record<number, (t: number) => number> = {
  1: (t) => 0.5 + Math.atan(t) / Math.PI,
  2: (t) => 0.5 + t / (2 * Math.sqrt(2 + t * t)),
  3: (t) => 0.5 + (t / (Math.sqrt(3) * (1 + (t * t) / 3)) + Math.atan(t / Math.sqrt(3))) / Math.PI,
};

test('the t distribution function matches its closed forms for 1, 2 and 3 degrees of freedom', () => {
  for (const [df, cdf] of Object.entries(CLOSED_CDF)) {
    for (const t of [-30, -4.3, -1, -0.2, 0, 0.5, 1.96, 3.18, 12.7, 63.6]) {
      assert.ok(Math.abs(studentCdf(t, Number(df)) - cdf(t)) < 1e-14, `df ${df}, t ${t}: ${studentCdf(t, Number(df))} vs ${cdf(t)}`);
    }
  }
});

test('t quantiles: closed forms for 1 and 2 degrees of freedom, and the familiar table values', () => {
  // df 1: tan(π(p - 1/2)); df 2: (2p - 1) / sqrt(2p(1 - p)).
  for (const p of [0.6, 0.9, 0.975, 0.995]) {
    assert.ok(Math.abs(studentQuantile(p, 1) - Math.tan(Math.PI * (p - 0.5))) < 1e-10 * studentQuantile(p, 1));
    assert.ok(Math.abs(studentQuantile(p, 2) - (2 * p - 1) / Math.sqrt(2 * p * (1 - p))) < 1e-11);
  }
  // Two-sided 95% critical values as printed in t tables (e.g. Fisher & Yates), to their three decimals.
  const table: [number, number][] = [
    [3, 3.182],
    [5, 2.571],
    [10, 2.228],
    [20, 2.086],
    [30, 2.042],
    [100, 1.984],
  ];
  for (const [df, value] of table) assert.equal(Number(studentCriticalValue(0.95, df).toFixed(3)), value, `df ${df}`);
  // Far out, t tends to the normal's 1.959964.
  assert.ok(Math.abs(studentCriticalValue(0.95, 1e7) - 1.959963984540054) < 1e-6);
  assert.ok(Math.abs(studentQuantile(0.025, 7) + studentQuantile(0.975, 7)) < 1e-12);
  assert.throws(() => studentQuantile(1, 3), RangeError);
  assert.throws(() => studentQuantile(0.5, 0), RangeError);
});

test('ln Γ matches factorials and Γ(1/2) = √π', () => {
  for (const [x, fact] of [
    [1, 1],
    [2, 1],
    [5, 24],
    [11, 3628800],
  ] as const)
    assert.ok(Math.abs(logGamma(x) - Math.log(fact)) < 1e-13);
  assert.ok(Math.abs(logGamma(0.5) - 0.5 * Math.log(Math.PI)) < 1e-14);
});
