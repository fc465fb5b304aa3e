import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type AlphaLevel, krippendorffAlpha, krippendorffAlphaNominal } from '../../../src/core/stats/krippendorff';

/** Coders' rows (null: no value) to each unit's values. */
function units(rows: readonly (readonly (number | null)[])[]): number[][] {
  const width = rows[0]?.length ?? 0;
  return Array.from({ length: width }, (_, u) => rows.map((r) => r[u] ?? null).filter((v): v is number => v !== null));
}

/** Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers, 12 units, missing data. */
const KRIPPENDORFF_2011 = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
  [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
];

/**
 * Alpha from its definition over pairs of values, without a coincidence matrix (an independent computation):
 * D_o averages δ² over the ordered pairs within each unit (weight 1/(m_u - 1)), D_e over all ordered pairs of
 * pairable values; the ordinal δ² takes n_g as how often value g occurs among the pairable values.
 */
function alphaByPairs(data: readonly (readonly number[])[], level: AlphaLevel): number {
  const pairable = data.filter((u) => u.length >= 2);
  const all = pairable.flat();
  const n = all.length;
  const count = (g: number): number => all.filter((v) => v === g).length;
  const delta = (c: number, k: number): number => {
    if (level === 'nominal') return c === k ? 0 : 1;
    if (level === 'interval') return (c - k) ** 2;
    const [low, high] = c <= k ? [c, k] : [k, c];
    const between = [...new Set(all)].filter((g) => g >= low && g <= high).reduce((s, g) => s + count(g), 0);
    return (between - (count(low) + count(high)) / 2) ** 2;
  };
  let within = 0;
  for (const u of pairable) {
    let sum = 0;
    u.forEach((a, i) => u.forEach((b, j) => (sum += i === j ? 0 : delta(a, b))));
    within += sum / (u.length - 1);
  }
  let across = 0;
  all.forEach((a, i) => all.forEach((b, j) => (across += i === j ? 0 : delta(a, b))));
  return 1 - within / n / (across / (n * (n - 1)));
}

test("Krippendorff's (2011) example: nominal 0.743, ordinal 0.815, interval 0.849, as the paper publishes them", () => {
  // Published for these data: alpha_nominal = .743, alpha_ordinal = .815, alpha_interval = .849 (and
  // alpha_ratio = .797). The `krippendorff` Python package's tests assert the same ordinal and ratio figures on
  // them (pln-fing-udelar/fast-krippendorff, tests/test_krippendorff.py); each level is also recomputed here
  // from alpha's definition over pairs of values, without a coincidence matrix.
  const data = units(KRIPPENDORFF_2011);
  const published: Record<AlphaLevel, number> = { nominal: 0.743, ordinal: 0.815, interval: 0.849 };
  for (const level of ['nominal', 'ordinal', 'interval'] as const) {
    const result = krippendorffAlpha(data, level);
    assert.equal(Number(result.alpha?.toFixed(3)), published[level], `${level}: ${result.alpha}`);
    assert.ok(Math.abs((result.alpha ?? 0) - alphaByPairs(data, level)) < 1e-12, `${level} by pairs`);
    assert.equal(result.units, 11);
    assert.equal(result.values, 40);
  }
  assert.ok(Math.abs((krippendorffAlpha(data, 'nominal').alpha ?? 0) - (krippendorffAlphaNominal(data).alpha ?? 0)) < 1e-12);
});

test("Wikipedia's computational example: interval alpha 0.811 (0.810845 in the `krippendorff` package's tests)", () => {
  const data = units([
    [null, null, null, null, null, 3, 4, 1, 2, 1, 1, 3, 3, null, 3],
    [1, null, 2, 1, 3, 3, 4, 3, null, null, null, null, null, null, null],
    [null, null, 2, 1, 3, 4, 4, null, 2, 1, 1, 3, 3, null, 4],
  ]);
  assert.equal(Number(krippendorffAlpha(data, 'interval').alpha?.toFixed(6)), 0.810845);
  assert.equal(Number(krippendorffAlpha(data, 'nominal').alpha?.toFixed(6)), 0.691358);
  assert.ok(Math.abs((krippendorffAlpha(data, 'ordinal').alpha ?? 0) - alphaByPairs(data, 'ordinal')) < 1e-12);
});

test('ordinal alpha depends on the order of the values only; interval alpha on their distances', () => {
  const data = units(KRIPPENDORFF_2011);
  // A monotone relabelling (1..5 to 0, 0.25, 0.5, 0.75, 1 or to 1, 2, 10, 11, 50) keeps ordinal alpha.
  const stretched = data.map((u) => u.map((v) => [0, 1, 2, 10, 11, 50][v] ?? 0));
  const scaled = data.map((u) => u.map((v) => (v - 1) / 4));
  const ordinal = krippendorffAlpha(data, 'ordinal').alpha ?? 0;
  assert.ok(Math.abs((krippendorffAlpha(stretched, 'ordinal').alpha ?? 0) - ordinal) < 1e-12);
  assert.ok(Math.abs((krippendorffAlpha(scaled, 'ordinal').alpha ?? 0) - ordinal) < 1e-12);
  // An affine change keeps interval alpha, a non-linear one changes it.
  assert.ok(Math.abs((krippendorffAlpha(scaled, 'interval').alpha ?? 0) - (krippendorffAlpha(data, 'interval').alpha ?? 0)) < 1e-12);
  assert.ok(Math.abs((krippendorffAlpha(stretched, 'interval').alpha ?? 0) - (krippendorffAlpha(data, 'interval').alpha ?? 0)) > 0.01);
});

test('alpha is undefined without pairable values or without variation; perfect agreement is 1', () => {
  for (const level of ['nominal', 'ordinal', 'interval'] as const) {
    assert.equal(krippendorffAlpha([[1], [2]], level).alpha, null);
    assert.equal(
      krippendorffAlpha(
        [
          [0.5, 0.5],
          [0.5, 0.5, 0.5],
        ],
        level,
      ).alpha,
      null,
    );
    assert.equal(
      krippendorffAlpha(
        [
          [0, 0],
          [0.25, 0.25],
          [1, 1, 1],
        ],
        level,
      ).alpha,
      1,
    );
  }
});
