import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stratifiedEstimate } from '../../../src/core/stats/stratifiedPpi';
import { wilsonInterval } from '../../../src/core/stats/wilson';

const STRATA = [
  { stratum: 'true', population: 500, labeled: 50, positives: 45 },
  { stratum: 'false', population: 250, labeled: 30, positives: 3 },
  { stratum: 'null', population: 60, labeled: 20, positives: 6 },
];

test('by hand: the stratified estimate, its two-part variance and the effective sample size', () => {
  const result = stratifiedEstimate(STRATA);
  assert.ok(result !== null);
  // θ = (500·45/50 + 250·3/30 + 60·6/20) / 810 = (450 + 25 + 18) / 810 = 493/810.
  const theta = 493 / 810;
  assert.ok(Math.abs(result.estimate - theta) < 1e-15);
  // Within-stratum sample variances s² = n/(n-1)·p(1-p): 4.5/49, 2.7/29, 4.2/19; finite-population
  // corrections 1 - 50/500, 1 - 30/250, 1 - 20/60; plus θ(1-θ)/810 for the questions themselves.
  const sampling =
    (500 / 810) ** 2 * (1 - 50 / 500) * (4.5 / 49 / 50) + (250 / 810) ** 2 * (1 - 30 / 250) * (2.7 / 29 / 30) + (60 / 810) ** 2 * (1 - 20 / 60) * (4.2 / 19 / 20);
  const variance = sampling + (theta * (1 - theta)) / 810;
  assert.ok(Math.abs(result.variance - variance) < 1e-15);
  const effectiveN = (theta * (1 - theta)) / variance;
  assert.ok(Math.abs(result.effectiveN - effectiveN) < 1e-9);
  const wilson = wilsonInterval(theta * effectiveN, effectiveN);
  assert.ok(wilson !== null && Math.abs(result.ci[0] - wilson[0]) < 1e-12 && Math.abs(result.ci[1] - wilson[1]) < 1e-12);
  assert.ok(result.ci[0] < theta && theta < result.ci[1]);
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

test('with every item labeled the interval is the plain Wilson interval on all items', () => {
  const full = stratifiedEstimate([
    { stratum: 'true', population: 40, labeled: 40, positives: 35 },
    { stratum: 'false', population: 10, labeled: 10, positives: 2 },
  ]);
  assert.ok(full !== null);
  assert.ok(Math.abs(full.effectiveN - 50) < 1e-9);
  const wilson = wilsonInterval(37, 50);
  assert.ok(wilson !== null && Math.abs(full.ci[0] - wilson[0]) < 1e-12 && Math.abs(full.ci[1] - wilson[1]) < 1e-12);
});

test('a stratum without labels makes the estimate unavailable; a single label counts with variance 1/4', () => {
  assert.equal(stratifiedEstimate([{ stratum: 'true', population: 10, labeled: 0, positives: 0 }, { stratum: 'false', population: 5, labeled: 5, positives: 0 }]), null);
  const one = stratifiedEstimate([{ stratum: 'null', population: 10, labeled: 1, positives: 1 }]);
  assert.ok(one !== null);
  assert.ok(Math.abs(one.variance - ((1 - 1 / 10) * 0.25 + 0) / 1) < 1e-15, 'θ = 1 adds no Bernoulli term');
  assert.equal(one.effectiveN, 1);
});
