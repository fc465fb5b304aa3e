import { test } from 'node:test';
import assert from 'node:assert/strict';
import { krippendorffAlphaNominal } from '../../../src/core/stats/krippendorff';

/** Coders' rows (null: no value) to each unit's values. */
function units(rows: readonly (readonly (number | null)[])[]): number[][] {
  const width = rows[0]?.length ?? 0;
  return Array.from({ length: width }, (_, u) => rows.map((r) => r[u] ?? null).filter((v): v is number => v !== null));
}

test("Krippendorff's alpha (nominal) of Krippendorff's (2011) 4-observer example with missing data is 0.743", () => {
  // Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers, 12 units,
  // values 1..5, missing values; nominal alpha = 0.743 (the `krippendorff` Python package tests the same data).
  const data = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
    [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
  ];
  const result = krippendorffAlphaNominal(units(data));
  assert.equal(Number(result.alpha?.toFixed(3)), 0.743);
  assert.equal(result.units, 11, 'unit 12 has one value: not pairable');
  assert.equal(result.values, 40);
});

test("Krippendorff's alpha (nominal) of Wikipedia's computational example is 0.691", () => {
  // Wikipedia, "Krippendorff's alpha", A computational example: 3 coders, 15 units; alpha = 0.691 (0.691358
  // in the `krippendorff` package's tests). By hand: n = 26 pairable values; units 6 (3,3,4), 8 (1,3)
  // and 15 (3,4) disagree, Σ_c≠k o_ck = 2 + 2 + 2 = 6; n_c = 7, 4, 10, 5 so Σ_c≠k n_c n_k = 26² - 190 = 486;
  // alpha = 1 - (n - 1)·6/486 = 1 - 150/486 = 0.691358.
  const data = [
    [null, null, null, null, null, 3, 4, 1, 2, 1, 1, 3, 3, null, 3],
    [1, null, 2, 1, 3, 3, 4, 3, null, null, null, null, null, null, null],
    [null, null, 2, 1, 3, 4, 4, null, 2, 1, 1, 3, 3, null, 4],
  ];
  const result = krippendorffAlphaNominal(units(data));
  assert.ok(Math.abs((result.alpha ?? 0) - (1 - (25 * 6) / 486)) < 1e-12);
  assert.equal(Number(result.alpha?.toFixed(6)), 0.691358);
  assert.equal(result.values, 26);
});

test('alpha is undefined without pairable values or variation', () => {
  assert.equal(krippendorffAlphaNominal([[1], [2]]).alpha, null);
  assert.equal(
    krippendorffAlphaNominal([
      [1, 1],
      [1, 1, 1],
    ]).alpha,
    null,
  );
  assert.equal(
    krippendorffAlphaNominal([
      ['true', 'true'],
      ['false', 'false'],
    ]).alpha,
    1,
  );
});
