import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type MeanStratum, stratifiedMeanEstimate } from '../../../src/core/stats/stratifiedMean';
import { type StratumCounts, stratifiedEstimate } from '../../../src/core/stats/stratifiedPpi';

const close = (a: number, b: number, tolerance = 1e-12): boolean => Math.abs(a - b) < tolerance;
const SCALE = { min: 0, max: 1 };

/** A binary stratum as 0/1 values: `positives` ones among `labeled`. */
const asValues = (h: StratumCounts): MeanStratum => ({
  stratum: h.stratum,
  population: h.population,
  values: Array.from({ length: h.labeled }, (_, i) => (i < h.positives ? 1 : 0)),
});

test('on 0/1 values it is the binary stratified estimate exactly, interval and all, for both targets', () => {
  const designs: StratumCounts[][] = [
    [
      { stratum: 'true', population: 500, labeled: 50, positives: 45 },
      { stratum: 'false', population: 250, labeled: 30, positives: 3 },
      { stratum: 'null', population: 60, labeled: 20, positives: 6 },
    ],
    [
      { stratum: 'true', population: 518, labeled: 18, positives: 18 },
      { stratum: 'false', population: 282, labeled: 10, positives: 0 },
      { stratum: 'null', population: 10, labeled: 2, positives: 1 },
    ],
    [
      { stratum: 'true', population: 40, labeled: 40, positives: 35 },
      { stratum: 'false', population: 10, labeled: 4, positives: 0 },
    ],
    [{ stratum: 'null', population: 10, labeled: 1, positives: 1 }],
  ];
  for (const strata of designs) {
    for (const target of ['run-items', 'superpopulation'] as const) {
      const binary = stratifiedEstimate(strata, { target });
      const mean = stratifiedMeanEstimate(strata.map(asValues), { ...SCALE, target });
      assert.ok(binary !== null && mean !== null);
      for (const key of ['estimate', 'center', 'variance', 'se', 'adjustment'] as const)
        assert.ok(close(mean[key], binary[key]), `${target} ${key}: ${mean[key]} vs ${binary[key]}`);
      assert.ok(
        close(mean.ci[0], binary.ci[0]) && close(mean.ci[1], binary.ci[1]),
        `${target}: ${mean.ci.join(', ')} vs ${binary.ci.join(', ')}`,
      );
      assert.ok((mean.effectiveN === null) === (binary.effectiveN === null));
      if (mean.effectiveN !== null && binary.effectiveN !== null) assert.ok(close(mean.effectiveN, binary.effectiveN, 1e-9));
    }
  }
});

// SEA-HELM's five classes (0, 0.25 .. 1): the judge's grade on 400 items, human grades on a sample of 40.
const GRADED: MeanStratum[] = [
  { stratum: '0', population: 40, values: [0, 0, 0.25, 0] },
  { stratum: '0.25', population: 60, values: [0.25, 0, 0.25, 0.5, 0.25, 0] },
  { stratum: '0.5', population: 100, values: [0.5, 0.25, 0.5, 0.5, 0.25, 0.75, 0.5, 0.25, 0.5, 0.5] },
  { stratum: '0.75', population: 120, values: [0.75, 0.5, 0.75, 0.75, 1, 0.5, 0.75, 0.5, 0.75, 0.75, 0.5, 0.75] },
  { stratum: '1', population: 80, values: [1, 1, 0.75, 1, 1, 0.75, 1, 1] },
];

const LEVELS = [0, 0.25, 0.5, 0.75, 1];

test('by hand: the stratified mean and its adjusted interval on a five-level scale, pseudo-observations over the levels', () => {
  const result = stratifiedMeanEstimate(GRADED, { ...SCALE, support: LEVELS });
  assert.ok(result !== null);
  const mean = (v: readonly number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
  const estimate = GRADED.reduce((s, h) => s + (h.population / 400) * mean(h.values), 0);
  assert.ok(close(result.estimate, estimate));
  const a = 2 / 5;
  let center = 0;
  let variance = 0;
  for (const h of GRADED) {
    const w = h.population / 400;
    const n = h.values.length;
    const f = n / h.population;
    // 2a pseudo-observations spread evenly: 2a/5 at each of the five levels.
    const pseudo = [...h.values.map((v) => [v, 1] as const), ...LEVELS.map((v) => [v, (2 * a) / 5] as const)];
    const adjusted = pseudo.reduce((s, [v, k]) => s + v * k, 0) / (n + 2 * a);
    const spread = pseudo.reduce((s, [v, k]) => s + k * (v - adjusted) ** 2, 0) / (n + 2 * a);
    center += w * (f * mean(h.values) + (1 - f) * adjusted);
    variance += w * w * (1 - f) * (spread / (n + 2 * a));
  }
  assert.ok(close(result.center, center) && close(result.variance, variance));
  const z = 1.959963984540054;
  assert.ok(close(result.ci[0], center - z * Math.sqrt(variance)) && close(result.ci[1], center + z * Math.sqrt(variance)));
  assert.equal(result.labeled, 40);
});

test('it is prediction-powered inference for a mean: the judge everywhere plus the human–judge rectifier per stratum', () => {
  let ppi = 0;
  for (const h of GRADED) {
    const judge = Number(h.stratum);
    const rectifier = h.values.reduce((s, v) => s + (v - judge), 0) / h.values.length;
    ppi += (h.population / 400) * (judge + rectifier);
  }
  assert.ok(close(stratifiedMeanEstimate(GRADED, SCALE)?.estimate ?? 0, ppi, 1e-15));
});

test('an affine change of the scale moves the estimate and its interval with it (Likert 1–5 against 0–1)', () => {
  const likert = GRADED.map((h) => ({ ...h, values: h.values.map((v) => 1 + 4 * v) }));
  const unit = stratifiedMeanEstimate(GRADED, SCALE);
  const five = stratifiedMeanEstimate(likert, { min: 1, max: 5, target: 'superpopulation' });
  const unitSuper = stratifiedMeanEstimate(GRADED, { ...SCALE, target: 'superpopulation' });
  assert.ok(unit !== null && five !== null && unitSuper !== null);
  assert.ok(close(five.estimate, 1 + 4 * unit.estimate));
  assert.ok(close(five.ci[0], 1 + 4 * unitSuper.ci[0]) && close(five.ci[1], 1 + 4 * unitSuper.ci[1]));
  assert.ok(unitSuper.ci[1] - unitSuper.ci[0] > unit.ci[1] - unit.ci[0]);
});

test('strata whose reviewed grades all agree keep a width of the order of 1/n; a census is exact; an unreviewed stratum gives nothing', () => {
  const pure = stratifiedMeanEstimate(
    [
      { stratum: '0.5', population: 300, values: [0.5, 0.5, 0.5, 0.5, 0.5] },
      { stratum: '1', population: 100, values: [1, 1, 1] },
    ],
    SCALE,
  );
  assert.ok(pure !== null && pure.ci[1] - pure.ci[0] > 0.1, JSON.stringify(pure?.ci));
  assert.ok(pure.ci[0] <= pure.estimate && pure.estimate <= pure.ci[1]);
  const census = stratifiedMeanEstimate(
    [
      { stratum: 'a', population: 2, values: [0.25, 0.75] },
      { stratum: 'b', population: 1, values: [1] },
    ],
    SCALE,
  );
  assert.ok(census !== null && close(census.estimate, 2 / 3) && census.variance === 0 && census.effectiveN === null);
  assert.deepEqual(census.ci, [census.estimate, census.estimate]);
  assert.equal(
    stratifiedMeanEstimate(
      [
        { stratum: 'a', population: 5, values: [] },
        { stratum: 'b', population: 5, values: [1] },
      ],
      SCALE,
    ),
    null,
  );
  assert.throws(() => stratifiedMeanEstimate([{ stratum: 'a', population: 5, values: [2] }], SCALE), RangeError);
  assert.throws(() => stratifiedMeanEstimate([{ stratum: 'a', population: 5, values: [1] }], { min: 1, max: 1 }), RangeError);
  assert.throws(() => stratifiedMeanEstimate([{ stratum: 'a', population: 5, values: [1] }], { ...SCALE, support: [0, 2] }), RangeError);
});
