import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cohensKappa } from '../../../src/core/stats/kappa';

const close = (actual: number | null | undefined, expected: number, digits: number, what: string): void => {
  assert.ok(actual !== null && actual !== undefined, `${what} is missing`);
  assert.equal(Number(actual.toFixed(digits)), expected, `${what}: ${actual}`);
};

test('Cohen’s kappa and its large-sample interval match SAS PROC FREQ (AGREE) on a published 3x3 table', () => {
  // SAS/STAT PROC FREQ's "Simple Kappa Coefficient" output for this table, as reproduced in statsmodels'
  // test suite (statsmodels/stats/tests/test_inter_rater.py, table10): kappa 0.4842, ASE 0.1380,
  // 95% limits 0.2137 and 0.7547. SAS's ASE is the Fleiss, Cohen & Everitt (1969) standard error.
  const result = cohensKappa([
    [0, 4, 1],
    [0, 8, 0],
    [0, 1, 5],
  ]);
  close(result.kappa, 0.4842, 4, 'kappa');
  close(result.se, 0.138, 4, 'ASE');
  close(result.ci?.[0], 0.2137, 4, 'lower');
  close(result.ci?.[1], 0.7547, 4, 'upper');
});

test('by hand: the 2x2 example of 50 grant proposals gives kappa 0.4', () => {
  // Yes/Yes 20, Yes/No 5, No/Yes 10, No/No 15: p_o = 35/50 = 0.7, p_e = 0.5·0.6 + 0.5·0.4 = 0.5,
  // kappa = (0.7 - 0.5) / (1 - 0.5) = 0.4 (the worked example of Wikipedia's "Cohen's kappa").
  const result = cohensKappa([
    [20, 5],
    [10, 15],
  ]);
  assert.ok(Math.abs((result.kappa ?? 0) - 0.4) < 1e-12);
  assert.equal(result.observed, 0.7);
  assert.ok(Math.abs((result.expected ?? 0) - 0.5) < 1e-12);
});

test('perfect agreement has kappa 1 and a zero-width interval; a one-category table has no kappa', () => {
  const perfect = cohensKappa([
    [3, 0, 0],
    [0, 2, 0],
    [0, 0, 1],
  ]);
  assert.equal(perfect.kappa, 1);
  assert.deepEqual(perfect.ci, [1, 1]);
  assert.equal(
    cohensKappa([
      [5, 0],
      [0, 0],
    ]).kappa,
    null,
  );
  assert.equal(
    cohensKappa([
      [0, 0],
      [0, 0],
    ]).n,
    0,
  );
  assert.throws(() => cohensKappa([[1, 2]]), RangeError);
});

test('a rater who used one category gives kappa 0 and no interval', () => {
  const result = cohensKappa([
    [3, 2, 1],
    [0, 0, 0],
    [0, 0, 0],
  ]);
  assert.equal(result.kappa, 0);
  assert.equal(result.ci, null);
});
