import { clampInterval, DEFAULT_CONFIDENCE, type Interval } from './interval';
import { criticalValue } from './normal';
import { tableTotal } from './confusion';

/** How much partial credit a disagreement of d categories out of k - 1 earns: 1 - d/(k-1), or 1 - (d/(k-1))². */
export const KAPPA_WEIGHTS = ['linear', 'quadratic'] as const;
export type KappaWeights = (typeof KAPPA_WEIGHTS)[number];

export interface WeightedKappaResult {
  readonly weights: KappaWeights;
  /** Items in the table. */
  readonly n: number;
  /** Weighted observed agreement Σ w_ij p_ij and the chance agreement Σ w_ij p_i. p_.j. */
  readonly observed: number | null;
  readonly expected: number | null;
  /** (p_o(w) - p_e(w)) / (1 - p_e(w)); null when the table is empty or p_e(w) = 1. */
  readonly kappa: number | null;
  /** Large-sample standard error (Fleiss, Cohen & Everitt 1969), not the one under kappa = 0. */
  readonly se: number | null;
  /** kappa ± z·se, clipped to [-1, 1]; null when a rater used a single category. */
  readonly ci: Interval | null;
}

/** Agreement weight of categories i and j of k ordered ones, by their ranks (as SAS, R's irr and scikit-learn do). */
export function kappaWeight(weights: KappaWeights, i: number, j: number, k: number): number {
  if (k < 2) return 1;
  const d = Math.abs(i - j) / (k - 1);
  return weights === 'linear' ? 1 - d : 1 - d * d;
}

/**
 * Weighted kappa (Cohen 1968) of a square table over ordered categories, counts[i][j] = items the row rater put
 * in category i and the column rater in j, categories from the lowest to the highest. Linear weights are
 * Cicchetti & Allison's (1971), quadratic ones Fleiss & Cohen's (1973); only the ranks count, so a level left
 * unused between two used ones still counts as a step. The interval is the asymptotic one of Fleiss, Cohen &
 * Everitt (1969), "Large sample standard errors of kappa and weighted kappa", Psychological Bulletin 72:323-327
 * (the ASE of SAS PROC FREQ's weighted kappa), with w̄_i. = Σ_j p_.j w_ij and w̄_.j = Σ_i p_i. w_ij:
 *   var = [Σ_ij p_ij (w_ij - (w̄_i. + w̄_.j)(1 - κ))² - (κ - p_e(1 - κ))²] / (n (1 - p_e)²)
 */
export function weightedKappa(
  counts: readonly (readonly number[])[],
  weights: KappaWeights,
  confidence: number = DEFAULT_CONFIDENCE,
): WeightedKappaResult {
  const k = counts.length;
  if (counts.some((row) => row.length !== k)) throw new RangeError('weightedKappa: the table must be square');
  const n = tableTotal(counts);
  const empty = { weights, n, observed: null, expected: null, kappa: null, se: null, ci: null };
  if (n === 0) return empty;
  const p = (i: number, j: number): number => (counts[i]?.[j] ?? 0) / n;
  const w = (i: number, j: number): number => kappaWeight(weights, i, j, k);
  const range = Array.from({ length: k }, (_, i) => i);
  const rows = range.map((i) => range.reduce((s, j) => s + p(i, j), 0));
  const cols = range.map((j) => range.reduce((s, i) => s + p(i, j), 0));
  let observed = 0;
  let expected = 0;
  for (const i of range) {
    for (const j of range) {
      observed += w(i, j) * p(i, j);
      expected += w(i, j) * (rows[i] ?? 0) * (cols[j] ?? 0);
    }
  }
  // Perfect agreement is exactly 1 whatever the rounding of the sums above.
  const diagonalOnly = range.every((i) => range.every((j) => i === j || p(i, j) === 0));
  if (expected >= 1 - 1e-12) return { ...empty, observed, expected };
  const kappa = diagonalOnly ? 1 : (observed - expected) / (1 - expected);
  const used = (margins: readonly number[]): number => margins.filter((x) => x > 0).length;
  // A rater who used one category makes p_o(w) = p_e(w): kappa is 0 by construction, and has no interval.
  if (used(rows) === 1 || used(cols) === 1) return { weights, n, observed, expected, kappa: 0, se: null, ci: null };
  const rowMeans = range.map((i) => range.reduce((s, j) => s + (cols[j] ?? 0) * w(i, j), 0));
  const colMeans = range.map((j) => range.reduce((s, i) => s + (rows[i] ?? 0) * w(i, j), 0));
  let sum = 0;
  for (const i of range) {
    for (const j of range) {
      const pij = p(i, j);
      if (pij > 0) sum += pij * (w(i, j) - ((rowMeans[i] ?? 0) + (colMeans[j] ?? 0)) * (1 - kappa)) ** 2;
    }
  }
  const variance = Math.max(0, (sum - (kappa - expected * (1 - kappa)) ** 2) / (n * (1 - expected) ** 2));
  const se = Math.sqrt(variance);
  const z = criticalValue(confidence);
  return { weights, n, observed, expected, kappa, se, ci: clampInterval(kappa - z * se, kappa + z * se, -1, 1) };
}
