import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fleissKappa } from '../../../src/core/stats/fleiss';

test("Fleiss' kappa of the worked example on Wikipedia's “Fleiss' kappa” page is 0.210", () => {
  // 10 subjects, 14 raters, 5 categories; the page computes P̄ = 0.378, P̄e = 0.213, kappa = 0.210.
  const result = fleissKappa([
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
  ]);
  assert.equal(Number(result.observed?.toFixed(3)), 0.378);
  assert.equal(Number(result.expected?.toFixed(3)), 0.213);
  assert.equal(Number(result.kappa?.toFixed(3)), 0.21);
  assert.equal(result.raters, 14);
});

/** Fleiss (1971), Psychological Bulletin 76:378, Table 1: 30 patients, 6 psychiatrists each, 5 diagnoses. */
export const FLEISS_1971_DIAGNOSES = [
  [4, 4, 4, 4, 4, 4],
  [2, 2, 2, 5, 5, 5],
  [2, 3, 3, 3, 3, 5],
  [5, 5, 5, 5, 5, 5],
  [2, 2, 2, 4, 4, 4],
  [1, 1, 3, 3, 3, 3],
  [3, 3, 3, 3, 5, 5],
  [1, 1, 3, 3, 3, 4],
  [1, 1, 4, 4, 4, 4],
  [5, 5, 5, 5, 5, 5],
  [1, 4, 4, 4, 4, 4],
  [1, 2, 4, 4, 4, 4],
  [2, 2, 2, 3, 3, 3],
  [1, 4, 4, 4, 4, 4],
  [2, 2, 4, 4, 4, 5],
  [3, 3, 3, 3, 3, 5],
  [1, 1, 1, 4, 5, 5],
  [1, 1, 1, 1, 1, 2],
  [2, 2, 4, 4, 4, 4],
  [1, 3, 3, 5, 5, 5],
  [5, 5, 5, 5, 5, 5],
  [2, 4, 4, 4, 4, 4],
  [2, 2, 4, 5, 5, 5],
  [1, 1, 4, 4, 4, 4],
  [1, 4, 4, 4, 4, 5],
  [2, 2, 2, 2, 2, 4],
  [1, 1, 1, 1, 5, 5],
  [2, 2, 4, 4, 4, 4],
  [1, 3, 3, 3, 3, 3],
  [5, 5, 5, 5, 5, 5],
];

test("Fleiss' kappa of Fleiss' (1971) psychiatric diagnoses is 0.430 (irr::kappam.fleiss: 0.4302445)", () => {
  const table = FLEISS_1971_DIAGNOSES.map((ratings) => [1, 2, 3, 4, 5].map((c) => ratings.filter((r) => r === c).length));
  assert.equal(Number(fleissKappa(table).kappa?.toFixed(7)), 0.4302445);
});

test('every subject must have the same number of ratings', () => {
  assert.throws(
    () =>
      fleissKappa([
        [1, 1],
        [2, 1],
      ]),
    RangeError,
  );
  assert.equal(fleissKappa([]).kappa, null);
});
