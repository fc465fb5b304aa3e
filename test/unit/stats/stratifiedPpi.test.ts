import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stratifiedEstimate } from '../../../src/core/stats/stratifiedPpi';

const STRATA = [
  { stratum: 'true', population: 500, labeled: 50, positives: 45 },
  { stratum: 'false', population: 250, labeled: 30, positives: 3 },
  { stratum: 'null', population: 60, labeled: 20, positives: 6 },
];
const Z = 1.959963984540054;

const close = (a: number, b: number, tolerance = 1e-12): boolean => Math.abs(a - b) < tolerance;

test('by hand: the stratified estimate and the Price–Bonett interval with finite-population correction', () => {
  const result = stratifiedEstimate(STRATA);
  assert.ok(result !== null);
  assert.equal(result.target, 'run-items');
  // θ = (500·45/50 + 250·3/30 + 60·6/20) / 810 = (450 + 25 + 18) / 810 = 493/810.
  assert.ok(close(result.estimate, 493 / 810, 1e-15));
  // Three strata not fully reviewed: m = 3, 2/3 pseudo-successes and 2/3 pseudo-failures each.
  assert.ok(close(result.adjustment, 2 / 3));
  const a = 2 / 3;
  const parts = STRATA.map((h) => {
    const weight = h.population / 810;
    const f = h.labeled / h.population;
    const adjusted = (h.positives + a) / (h.labeled + 2 * a);
    return {
      center: weight * (f * (h.positives / h.labeled) + (1 - f) * adjusted),
      variance: weight ** 2 * (1 - f) * ((adjusted * (1 - adjusted)) / (h.labeled + 2 * a)),
    };
  });
  const center = parts.reduce((s, p) => s + p.center, 0);
  const variance = parts.reduce((s, p) => s + p.variance, 0);
  assert.ok(close(result.center, center));
  assert.ok(close(result.variance, variance));
  assert.ok(close(result.ci[0], center - Z * Math.sqrt(variance)) && close(result.ci[1], center + Z * Math.sqrt(variance)));
  assert.ok(result.effectiveN !== null && close(result.effectiveN, (center * (1 - center)) / variance, 1e-9));
});

test('it is prediction-powered inference with the rectifier estimated per judge-verdict stratum', () => {
  // PPI (Angelopoulos et al. 2023): θ = mean(judge over all) + mean(human - judge over the labeled). With the
  // judge's 0/1 prediction constant in a stratum, applying it per stratum and weighting by N_h/N gives
  // the stratified estimate.
  const judgeOf: Record<string, number> = { true: 1, false: 0, null: 0 };
  let ppi = 0;
  for (const h of STRATA) {
    const judge = judgeOf[h.stratum] ?? 0;
    const rectifier = (h.positives - judge * h.labeled) / h.labeled;
    ppi += (h.population / 810) * (judge + rectifier);
  }
  assert.ok(Math.abs((stratifiedEstimate(STRATA)?.estimate ?? 0) - ppi) < 1e-15);
});

test('the superpopulation target adds θ̃(1 − θ̃)/N to the same variance', () => {
  const items = stratifiedEstimate(STRATA);
  const questions = stratifiedEstimate(STRATA, { target: 'superpopulation' });
  assert.ok(items !== null && questions !== null);
  assert.equal(questions.target, 'superpopulation');
  assert.ok(close(questions.variance, items.variance + (items.center * (1 - items.center)) / 810));
  assert.ok(questions.ci[1] - questions.ci[0] > items.ci[1] - items.ci[0]);
});

test('pure strata do not collapse: all sampled verdicts agreeing still leave the uncertainty of the sample size', () => {
  // The example: 18 of 18 judge-true confirmed, 0 of 10 judge-false, on the gpt4o run's 518 / 282 / 10.
  const pure = stratifiedEstimate([
    { stratum: 'true', population: 518, labeled: 18, positives: 18 },
    { stratum: 'false', population: 282, labeled: 10, positives: 0 },
    { stratum: 'null', population: 10, labeled: 2, positives: 1 },
  ]);
  assert.ok(pure !== null);
  assert.ok(close(pure.estimate, (518 + 5) / 810));
  assert.ok(pure.ci[1] - pure.ci[0] > 0.1, `width ${pure.ci[1] - pure.ci[0]}`);
  // A true accuracy of 0.600 (judge-true items 93% right) lies inside; the old interval [0.606, 0.672] missed it.
  assert.ok(pure.ci[0] < 0.6, `lower ${pure.ci[0]}`);
  // More agreeing labels narrow it, as the sample size says.
  const more = stratifiedEstimate([
    { stratum: 'true', population: 518, labeled: 180, positives: 180 },
    { stratum: 'false', population: 282, labeled: 100, positives: 0 },
    { stratum: 'null', population: 10, labeled: 10, positives: 5 },
  ]);
  assert.ok(more !== null && more.ci[1] - more.ci[0] < (pure.ci[1] - pure.ci[0]) / 2 && more.ci[1] - more.ci[0] > 0);
});

test('one or two labels in a stratum give a wide interval, never a degenerate one; none gives no estimate', () => {
  for (const [labeled, positives] of [
    [1, 1],
    [1, 0],
    [2, 2],
    [2, 1],
  ] as const) {
    const one = stratifiedEstimate([{ stratum: 'null', population: 10, labeled, positives }]);
    assert.ok(one !== null);
    // A single stratum: m = 1, Agresti–Coull's two pseudo-successes and two pseudo-failures.
    assert.equal(one.adjustment, 2);
    assert.ok(one.ci[1] - one.ci[0] > 0.4, `${positives}/${labeled}: ${one.ci.join(', ')}`);
    assert.ok(one.ci[0] <= one.estimate && one.estimate <= one.ci[1]);
  }
  assert.equal(
    stratifiedEstimate([
      { stratum: 'true', population: 10, labeled: 0, positives: 0 },
      { stratum: 'false', population: 5, labeled: 5, positives: 0 },
    ]),
    null,
  );
});

test('a fully reviewed stratum is exact, and with every item reviewed the accuracy on the items is the point', () => {
  const census = stratifiedEstimate([
    { stratum: 'true', population: 40, labeled: 40, positives: 35 },
    { stratum: 'false', population: 10, labeled: 10, positives: 2 },
  ]);
  assert.ok(census !== null);
  assert.ok(close(census.ci[0], 37 / 50) && close(census.ci[1], 37 / 50), census.ci.join(', '));
  assert.deepEqual([census.variance, census.effectiveN, census.adjustment], [0, null, 0]);
  // One stratum fully reviewed: only the other carries variance, with m = 1.
  const half = stratifiedEstimate([
    { stratum: 'true', population: 40, labeled: 40, positives: 35 },
    { stratum: 'false', population: 10, labeled: 4, positives: 0 },
  ]);
  assert.ok(half !== null);
  assert.equal(half.adjustment, 2);
  const adjusted = 2 / 8;
  assert.ok(close(half.variance, (10 / 50) ** 2 * (1 - 4 / 10) * ((adjusted * (1 - adjusted)) / 8)));
});
