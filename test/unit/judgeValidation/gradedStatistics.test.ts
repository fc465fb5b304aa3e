import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type GradedScale } from '../../../src/core/scale/verdictScale';
import { gradedAgreementOf } from '../../../src/core/judgeValidation/gradedAgreement';
import { estimateMeanScore, judgeStratum } from '../../../src/core/judgeValidation/gradedEstimate';
import { gradedInterAnnotator } from '../../../src/core/judgeValidation/gradedInterAnnotator';
import { type GradedUnit } from '../../../src/core/judgeValidation/gradedUnits';
import { weightedKappa } from '../../../src/core/stats/weightedKappa';
import { stratifiedMeanEstimate } from '../../../src/core/stats/stratifiedMean';
import { krippendorffAlpha } from '../../../src/core/stats/krippendorff';
import { FIVE_LEVELS } from '../../helpers/syntheticGradedRun';

/** SEA-HELM's criteria judge's five classes. */
const SEAHELM: GradedScale = FIVE_LEVELS;
const WHO = { rows: 'judge', columns: 'human' };

test('graded agreement: the confusion over levels and null, kappas over the levels only, differences over graded pairs', () => {
  const pairs: [number | null, number | null][] = [
    [1, 1],
    [1, 0.75],
    [0.75, 0.75],
    [0.5, 0.25],
    [0.5, 0.5],
    [0, 0],
    [0.25, 0],
    [null, 0],
    [0.75, null],
    [null, null],
  ];
  const stats = gradedAgreementOf(pairs, SEAHELM, WHO);
  assert.equal(stats.items, 10);
  assert.equal(stats.bothGraded, 7);
  assert.equal(stats.exact, 5 / 10);
  const confusion = stats.confusion;
  assert.ok(confusion !== null);
  assert.deepEqual(confusion.labels, [
    'CLASS_UNMET',
    'CLASS_SLIGHTLY_MET',
    'CLASS_MODERATELY_MET',
    'CLASS_MAJORLY_MET',
    'CLASS_EXACTLY_MET',
    'null',
  ]);
  // Judge null → human CLASS_UNMET; judge MAJORLY_MET → human null; both null.
  assert.equal(confusion.counts[5]?.[0], 1);
  assert.equal(confusion.counts[3]?.[5], 1);
  assert.equal(confusion.counts[5]?.[5], 1);
  const levels = [
    [1, 0, 0, 0, 0],
    [1, 0, 0, 0, 0],
    [0, 1, 1, 0, 0],
    [0, 0, 0, 1, 0],
    [0, 0, 0, 1, 1],
  ];
  assert.equal(stats.weightedKappaLinear, weightedKappa(levels, 'linear').kappa);
  assert.deepEqual(stats.weightedKappaQuadraticCI, weightedKappa(levels, 'quadratic').ci);
  // Differences judge − human over the 7 graded pairs: 0, .25, 0, .25, 0, 0, .25.
  assert.ok(Math.abs((stats.meanDifference ?? 0) - 0.75 / 7) < 1e-15);
  assert.ok(Math.abs((stats.meanAbsoluteDifference ?? 0) - 0.75 / 7) < 1e-15);
  assert.ok(stats.meanDifferenceCI !== null && stats.meanDifferenceCI[0] < 0.75 / 7);
});

test('off the levels (an item’s mean over criteria, or a numeric scale) there is no confusion and no kappa, only differences', () => {
  const items = gradedAgreementOf(
    [
      [0.625, 0.5],
      [1, 1],
      [0.375, 0.5],
    ],
    SEAHELM,
    WHO,
  );
  assert.equal(items.confusion, null);
  assert.equal(items.weightedKappaLinear, null);
  assert.ok(Math.abs((items.meanAbsoluteDifference ?? 0) - 0.25 / 3) < 1e-15);
  const numeric = gradedAgreementOf(
    [
      [7, 8],
      [3, 3],
    ],
    { kind: 'numeric', min: 1, max: 10 },
    WHO,
  );
  assert.equal(numeric.confusion, null);
  assert.equal(numeric.meanDifference, -0.5);
  assert.equal(gradedAgreementOf([], SEAHELM, WHO).exact, null);
});

const unit = (
  id: string,
  judge: number | null | undefined,
  human: number | null | undefined,
  annotators: [string, number | null][] = [],
): GradedUnit => ({
  id,
  judge,
  human,
  annotators: annotators.map(([annotator, grade]) => ({ annotator, grade })),
  facets: {},
});

test('annotators: alpha ordinal and interval over the units two annotators graded, a null grade missing', () => {
  const units = [
    unit('1', 1, 1, [
      ['ana', 1],
      ['ben', 0.75],
    ]),
    unit('2', 0.5, 0.5, [
      ['ana', 0.5],
      ['ben', 0.5],
      ['cy', 0.25],
    ]),
    unit('3', 0, 0, [
      ['ana', 0],
      ['ben', null],
    ]),
    unit('4', 0.25, 0.25, [
      ['ana', 0.25],
      ['cy', 0.25],
    ]),
    unit('5', 0.75, undefined, [['ben', 0.75]]),
  ];
  const result = gradedInterAnnotator(units);
  assert.deepEqual(result.annotators, ['ana', 'ben', 'cy']);
  assert.equal(result.items, 3);
  const values = [[1, 0.75], [0.5, 0.5, 0.25], [0], [0.25, 0.25], [0.75]];
  assert.equal(result.alphaOrdinal, krippendorffAlpha(values, 'ordinal').alpha);
  assert.equal(result.alphaInterval, krippendorffAlpha(values, 'interval').alpha);
});

test('the mean score estimate: strata by the judge’s level, the judge’s nulls a stratum, a human null and a missing result left out and counted', () => {
  const units = [
    ...Array.from({ length: 6 }, (_, i) => unit(`a${i}`, 1, i < 3 ? [1, 0.75, 1][i] : undefined)),
    ...Array.from({ length: 4 }, (_, i) => unit(`b${i}`, 0.5, i < 2 ? [0.5, 0.25][i] : undefined)),
    unit('c0', null, 0.75),
    unit('c1', null, undefined),
    unit('c2', 0.5, null),
    unit('m0', undefined, undefined),
  ];
  const result = estimateMeanScore(units, SEAHELM);
  assert.equal(result.method, 'post-stratified-ppi');
  assert.equal(result.labeled, 6);
  assert.equal(result.population, 12, 'the human null (c2) and the missing result (m0) are out of the population');
  assert.deepEqual(result.nulls, { judge: 2, human: 1, withoutResult: 1 });
  const expected = stratifiedMeanEstimate(
    [
      { stratum: 'CLASS_EXACTLY_MET', population: 6, values: [1, 0.75, 1] },
      { stratum: 'CLASS_MODERATELY_MET', population: 4, values: [0.5, 0.25] },
      { stratum: 'null', population: 2, values: [0.75] },
    ],
    { min: 0, max: 1, support: [0, 0.25, 0.5, 0.75, 1] },
  );
  assert.ok(expected !== null);
  assert.equal(result.mean, expected.estimate);
  assert.deepEqual(result.ci, expected.ci);
  // The judge's own mean over the units it graded, as summary's mean grade: (6 + 5 * 0.5) / 11.
  assert.ok(Math.abs((result.judgeMean ?? 0) - 8.5 / 11) < 1e-15);
  assert.deepEqual(
    result.strata.map((h) => [h.stratum, h.population, h.labeled]),
    [
      ['CLASS_EXACTLY_MET', 6, 3],
      ['CLASS_MODERATELY_MET', 4, 2],
      ['null', 2, 1],
    ],
  );
  assert.ok(result.notes.some((n) => n.includes('few human grades')));
});

test('the estimate: none without a graded unit in a stratum; a census is exact; a null is never the lowest value', () => {
  const partial = estimateMeanScore([unit('1', 1, 1), unit('2', 0, undefined)], SEAHELM);
  assert.equal(partial.method, 'none');
  assert.ok(partial.notes.some((n) => n.includes('CLASS_UNMET')));
  const likert: GradedScale = { kind: 'ordinal', levels: [1, 2, 3, 4, 5].map((v) => ({ name: String(v), value: v })) };
  const census = estimateMeanScore([unit('1', 5, 4), unit('2', 3, null), unit('3', null, 2)], likert);
  assert.equal(census.method, 'census');
  assert.equal(census.interval, 'exact');
  assert.deepEqual(census.nulls, { judge: 1, human: 1, withoutResult: 0 });
  // Item 2's human null is left out, not the scale's lowest value 1 (which gave 7 / 3).
  assert.ok(Math.abs((census.mean ?? 0) - 3) < 1e-15);
  assert.deepEqual(census.ci, [census.mean, census.mean]);
  assert.equal(estimateMeanScore([unit('1', 5, 4), unit('2', 3, 3)], likert, { target: 'superpopulation' }).interval, 'normal');
});

test('judge strata: the nearest level for a mean of criteria, bins of a numeric range', () => {
  assert.equal(judgeStratum(SEAHELM, 0.6), 'CLASS_MODERATELY_MET');
  assert.equal(judgeStratum(SEAHELM, 0.9), 'CLASS_EXACTLY_MET');
  assert.equal(judgeStratum(SEAHELM, null), 'null');
  assert.equal(judgeStratum(SEAHELM, undefined), 'missing');
  const numeric: GradedScale = { kind: 'numeric', min: 0, max: 10 };
  assert.equal(judgeStratum(numeric, 0), '0–2');
  assert.equal(judgeStratum(numeric, 9.5), '8–10');
  assert.equal(judgeStratum(numeric, 10), '8–10');
});
