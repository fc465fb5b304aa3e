export interface FleissResult {
  readonly kappa: number | null;
  readonly subjects: number;
  /** Ratings per subject (the same for every subject). */
  readonly raters: number;
  /** Mean agreement over subjects (P̄) and the chance agreement from the category shares (P̄e). */
  readonly observed: number | null;
  readonly expected: number | null;
}

/**
 * Fleiss' kappa (Fleiss 1971, "Measuring nominal scale agreement among many raters", Psychological
 * Bulletin 76:378–382). counts[i][j] is how many raters put subject i in category j; every subject must
 * have the same number of ratings m >= 2 (the raters themselves may differ between subjects).
 */
export function fleissKappa(counts: readonly (readonly number[])[]): FleissResult {
  const subjects = counts.length;
  const first = counts[0];
  if (first === undefined) return { kappa: null, subjects: 0, raters: 0, observed: null, expected: null };
  const m = first.reduce((s, x) => s + x, 0);
  const categories = first.length;
  for (const [i, row] of counts.entries()) {
    const total = row.reduce((s, x) => s + x, 0);
    if (row.length !== categories || total !== m)
      throw new RangeError(`fleissKappa: subject ${i} has ${total} ratings in ${row.length} categories; expected ${m} in ${categories}`);
  }
  if (m < 2) throw new RangeError('fleissKappa: every subject needs at least two ratings');
  let observed = 0;
  const shares = new Array<number>(categories).fill(0);
  for (const row of counts) {
    observed += (row.reduce((s, x) => s + x * x, 0) - m) / (m * (m - 1));
    row.forEach((x, j) => (shares[j] = (shares[j] ?? 0) + x));
  }
  observed /= subjects;
  const expected = shares.reduce((s, x) => s + (x / (subjects * m)) ** 2, 0);
  const kappa = expected >= 1 - 1e-12 ? null : (observed - expected) / (1 - expected);
  return { kappa, subjects, raters: m, observed, expected };
}
