import { test } from 'node:test';
import assert from 'node:assert/strict';
import { meanDifference } from '../../../src/core/stats/meanDifference';

test("the paired t interval of Student's (1908) sleep data: mean 1.58, 95% CI 0.700 to 2.460", () => {
  // Cushny & Peebles' extra hours of sleep under two drugs for 10 patients (R's `sleep` data set); R's
  // t.test(extra ~ group, data = sleep, paired = TRUE) on drug 2 - drug 1 gives mean difference 1.58,
  // t = 4.0621 with 9 df, 95% CI 0.7001142 to 2.4598858.
  const drug1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
  const drug2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
  const result = meanDifference(drug2.map((x, i) => [x, drug1[i] ?? 0] as const));
  assert.ok(Math.abs((result.mean ?? 0) - 1.58) < 1e-12);
  assert.equal(Number(((result.mean ?? 0) / (result.se ?? 1)).toFixed(4)), 4.0621);
  assert.equal(Number(result.ci?.[0].toFixed(7)), 0.7001142);
  assert.equal(Number(result.ci?.[1].toFixed(7)), 2.4598858);
  // |differences|: 1.2, 2.4, 1.3, 1.3, 0, 1.0, 1.8, 0.8, 4.6, 1.4 → 15.8 / 10.
  assert.ok(Math.abs((result.meanAbsolute ?? 0) - 1.58) < 1e-12);
});

test('by hand: a judge one level high half the time, on a 0..1 scale by quarters', () => {
  const pairs = [
    [0.75, 0.5],
    [1, 1],
    [0.5, 0.25],
    [0.25, 0.25],
  ] as const;
  const result = meanDifference(pairs);
  assert.equal(result.mean, 0.125);
  assert.equal(result.meanAbsolute, 0.125);
  // Differences 0.25, 0, 0.25, 0: sd = sqrt(4 · 0.125² / 3), t_{3, 0.975} = 3.182446305284263.
  const se = Math.sqrt((4 * 0.125 ** 2) / 3) / 2;
  assert.ok(Math.abs((result.ci?.[1] ?? 0) - (0.125 + 3.182446305284263 * se)) < 1e-9);
  // Opposite errors cancel in the mean, not in the mean absolute difference.
  const opposite = meanDifference([
    [1, 0.75],
    [0.5, 0.75],
  ]);
  assert.equal(opposite.mean, 0);
  assert.equal(opposite.meanAbsolute, 0.25);
});

test('no pairs: nothing; one pair: a difference without an interval', () => {
  assert.deepEqual(meanDifference([]), { n: 0, mean: null, sd: null, se: null, ci: null, meanAbsolute: null });
  const one = meanDifference([[3, 1]]);
  assert.equal(one.mean, 2);
  assert.equal(one.ci, null);
});
