import { clampInterval, DEFAULT_CONFIDENCE, type Interval } from './interval';
import { criticalValue } from './normal';
import { tableTotal } from './confusion';

export interface KappaResult {
  /** Items in the table. */
  readonly n: number;
  /** Observed agreement p_o and the agreement expected by chance from the margins p_e. */
  readonly observed: number | null;
  readonly expected: number | null;
  /** (p_o - p_e) / (1 - p_e); null when the table is empty or both raters used one category only (p_e = 1). */
  readonly kappa: number | null;
  /** Large-sample standard error of kappa (Fleiss, Cohen & Everitt 1969), not the one under kappa = 0. */
  readonly se: number | null;
  /** kappa ± z·se, clipped to [-1, 1]; null when a rater used a single category (kappa is then 0 by construction). */
  readonly ci: Interval | null;
}

/**
 * Cohen's kappa (Cohen 1960) of a square table of counts, with the asymptotic variance of Fleiss, Cohen &
 * Everitt (1969), "Large sample standard errors of kappa and weighted kappa", Psychological Bulletin 72:323–327
 * (the ASE that SAS PROC FREQ reports):
 *   var = [Σ p_ii (1 - (p_i. + p_.i)(1 - κ))² + (1 - κ)² Σ_{i≠j} p_ij (p_.i + p_j.)² - (κ - p_e(1 - κ))²] / (n (1 - p_e)²)
 */
export function cohensKappa(counts: readonly (readonly number[])[], confidence: number = DEFAULT_CONFIDENCE): KappaResult {
  const k = counts.length;
  if (counts.some((row) => row.length !== k)) throw new RangeError('cohensKappa: the table must be square');
  const n = tableTotal(counts);
  if (n === 0) return { n, observed: null, expected: null, kappa: null, se: null, ci: null };
  const cell = (i: number, j: number): number => counts[i]?.[j] ?? 0;
  const p = (i: number, j: number): number => cell(i, j) / n;
  // Margins and agreement from whole counts, so perfect agreement gives exactly 1.
  const rowTotals = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => cell(i, j)).reduce((s, x) => s + x, 0));
  const colTotals = Array.from({ length: k }, (_, j) => Array.from({ length: k }, (_, i) => cell(i, j)).reduce((s, x) => s + x, 0));
  const rows = rowTotals.map((t) => t / n);
  const cols = colTotals.map((t) => t / n);
  let diagonal = 0;
  let chance = 0;
  for (let i = 0; i < k; i++) {
    diagonal += cell(i, i);
    chance += (rowTotals[i] ?? 0) * (colTotals[i] ?? 0);
  }
  const observed = diagonal / n;
  const expected = chance / (n * n);
  if (expected >= 1 - 1e-12) return { n, observed, expected, kappa: null, se: null, ci: null };
  const kappa = (observed - expected) / (1 - expected);
  let a = 0;
  let b = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const pij = p(i, j);
      if (pij === 0) continue;
      if (i === j) a += pij * (1 - ((rows[i] ?? 0) + (cols[i] ?? 0)) * (1 - kappa)) ** 2;
      else b += pij * ((cols[i] ?? 0) + (rows[j] ?? 0)) ** 2;
    }
  }
  // A rater who used one category only makes kappa 0 by construction, and its delta-method variance 0: no interval.
  if (rowTotals.filter((t) => t > 0).length === 1 || colTotals.filter((t) => t > 0).length === 1)
    return { n, observed, expected, kappa, se: null, ci: null };
  const c = (kappa - expected * (1 - kappa)) ** 2;
  const variance = Math.max(0, (a + (1 - kappa) ** 2 * b - c) / (n * (1 - expected) ** 2));
  const se = Math.sqrt(variance);
  const z = criticalValue(confidence);
  return { n, observed, expected, kappa, se, ci: clampInterval(kappa - z * se, kappa + z * se, -1, 1) };
}
