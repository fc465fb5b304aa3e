import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cohensKappa } from '../../../src/core/stats/kappa';
import { type KappaWeights, kappaWeight, weightedKappa } from '../../../src/core/stats/weightedKappa';

const close = (actual: number | null | undefined, expected: number, digits: number, what: string): void => {
  assert.ok(actual !== null && actual !== undefined, `${what} is missing`);
  assert.equal(Number(actual.toFixed(digits)), expected, `${what}: ${actual}`);
};

test('linear weighted kappa and its interval match SAS PROC FREQ (AGREE) on a published 3x3 table', () => {
  // SAS/STAT PROC FREQ's "Weighted Kappa Coefficient" (Cicchetti-Allison weights) for this table, as reproduced
  // in statsmodels' test suite (statsmodels/stats/tests/test_inter_rater.py, TestWeightedCohens, table10):
  // kappa 0.4701, ASE 0.1457, 95% limits 0.1845 and 0.7558.
  const result = weightedKappa(
    [
      [0, 4, 1],
      [0, 8, 0],
      [0, 1, 5],
    ],
    'linear',
  );
  close(result.kappa, 0.4701, 4, 'kappa');
  close(result.se, 0.1457, 4, 'ASE');
  close(result.ci?.[0], 0.1845, 4, 'lower');
  close(result.ci?.[1], 0.7558, 4, 'upper');
});

/** R's irr::anxiety (20 subjects, 3 raters), as statsmodels' tests reproduce it; raters 2 and 3. */
const RATER2 = [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4];
const RATER3 = [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2];

test("weighted kappa matches R's irr::kappa2 on the anxiety data: equal 0.1459075, squared 0.2520325", () => {
  // irr::kappa2(anxiety[,2:3], "equal") and (..., "squared"), quoted in statsmodels' test_cohens_kappa_irr.
  // irr weights the levels the two raters used (1, 2, 3, 4, 6: no one rated 5) by rank.
  const levels = [1, 2, 3, 4, 6];
  const counts = levels.map((a) => levels.map((b) => RATER2.filter((x, i) => x === a && RATER3[i] === b).length));
  close(weightedKappa(counts, 'linear').kappa, 0.1459075, 7, 'equal');
  close(weightedKappa(counts, 'quadratic').kappa, 0.2520325, 7, 'squared');
});

interface SklearnTable {
  readonly counts: number[][];
  readonly linear: number;
  readonly quadratic: number;
  readonly unweighted: number;
}

test("weighted kappa matches scikit-learn's cohen_kappa_score on the committed reference tables", () => {
  const file = JSON.parse(readFileSync(new URL('../../fixtures/stats/weighted-kappa-sklearn.json', import.meta.url), 'utf8')) as {
    tables: Record<string, SklearnTable>;
  };
  assert.ok(Object.keys(file.tables).length >= 3);
  for (const [name, table] of Object.entries(file.tables)) {
    for (const weights of ['linear', 'quadratic'] as const) {
      const kappa = weightedKappa(table.counts, weights).kappa;
      assert.ok(kappa !== null && Math.abs(kappa - table[weights]) < 1e-12, `${name} ${weights}: ${kappa} vs ${table[weights]}`);
    }
    assert.ok(Math.abs((cohensKappa(table.counts).kappa ?? 0) - table.unweighted) < 1e-12, `${name} unweighted`);
  }
});

/** Weighted kappa of a table of proportions, straight from its definition. */
function kappaOf(p: readonly (readonly number[])[], weights: KappaWeights): number {
  const k = p.length;
  const rows = p.map((row) => row.reduce((s, x) => s + x, 0));
  const cols = p.map((_, j) => p.reduce((s, row) => s + (row[j] ?? 0), 0));
  let observed = 0;
  let expected = 0;
  p.forEach((row, i) =>
    row.forEach((x, j) => {
      observed += kappaWeight(weights, i, j, k) * x;
      expected += kappaWeight(weights, i, j, k) * (rows[i] ?? 0) * (cols[j] ?? 0);
    }),
  );
  return (observed - expected) / (1 - expected);
}

test('the Fleiss–Cohen–Everitt variance is the delta-method variance of the multinomial (numerical gradient)', () => {
  // Var(κ̂) ≈ (1/n)[Σ p_ij g_ij² - (Σ p_ij g_ij)²] with g = ∂κ/∂p_ij, taken here by central differences.
  const counts = [
    [6, 2, 0, 0, 0],
    [3, 7, 2, 0, 0],
    [1, 4, 9, 3, 0],
    [0, 1, 5, 14, 4],
    [0, 0, 1, 6, 22],
  ];
  const n = counts.flat().reduce((s, x) => s + x, 0);
  const p = counts.map((row) => row.map((x) => x / n));
  for (const weights of ['linear', 'quadratic'] as const) {
    const h = 1e-6;
    let first = 0;
    let second = 0;
    p.forEach((row, i) =>
      row.forEach((x, j) => {
        const shifted = (d: number): number =>
          kappaOf(
            p.map((r, a) => r.map((y, b) => (a === i && b === j ? y + d : y))),
            weights,
          );
        const g = (shifted(h) - shifted(-h)) / (2 * h);
        first += x * g;
        second += x * g * g;
      }),
    );
    const se = weightedKappa(counts, weights).se;
    assert.ok(se !== null && Math.abs(se - Math.sqrt((second - first * first) / n)) < 1e-7, `${weights}: ${se}`);
  }
});

test('on two categories both weightings are Cohen’s kappa, interval and all', () => {
  const table = [
    [20, 5],
    [10, 15],
  ];
  const plain = cohensKappa(table);
  for (const weights of ['linear', 'quadratic'] as const) {
    const result = weightedKappa(table, weights);
    assert.ok(Math.abs((result.kappa ?? 0) - (plain.kappa ?? 0)) < 1e-12);
    assert.ok(Math.abs((result.se ?? 0) - (plain.se ?? 0)) < 1e-12);
  }
});

test('quadratic weights credit near misses more than linear ones; perfect agreement is 1; degenerate tables give no interval', () => {
  const nearMisses = [
    [5, 3, 0],
    [2, 6, 3],
    [0, 2, 5],
  ];
  assert.ok((weightedKappa(nearMisses, 'quadratic').kappa ?? 0) > (weightedKappa(nearMisses, 'linear').kappa ?? 0));
  const perfect = weightedKappa(
    [
      [3, 0, 0],
      [0, 0, 0],
      [0, 0, 2],
    ],
    'quadratic',
  );
  assert.equal(perfect.kappa, 1);
  assert.deepEqual(perfect.ci, [1, 1]);
  const oneLevel = weightedKappa(
    [
      [0, 0, 0],
      [2, 3, 1],
      [0, 0, 0],
    ],
    'linear',
  );
  assert.equal(oneLevel.kappa, 0);
  assert.equal(oneLevel.ci, null);
  assert.equal(
    weightedKappa(
      [
        [4, 0],
        [0, 0],
      ],
      'linear',
    ).kappa,
    null,
  );
  assert.equal(
    weightedKappa(
      [
        [0, 0],
        [0, 0],
      ],
      'linear',
    ).n,
    0,
  );
  assert.throws(() => weightedKappa([[1, 2]], 'linear'), RangeError);
});
