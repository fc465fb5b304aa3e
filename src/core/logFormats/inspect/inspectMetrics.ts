import { numpySum } from '../../util/floatSums';

/**
 * Inspect's built-in metrics (scorer/_metrics/) computed as Inspect computes them, to the last digit:
 * accuracy is a Python loop's sum over the count; mean, std, var and stderr go through numpy, whose sums
 * are pairwise (numpy's pairwise_sum: 8 accumulators in blocks of up to 128, halves above that).
 */
function numpyVar(values: readonly number[], ddof: number): number {
  const n = values.length;
  const mean = numpySum(values) / n;
  const squares = values.map((v) => (v - mean) * (v - mean));
  return numpySum(squares) / Math.max(n - ddof, 0);
}

export function accuracyMetric(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let total = 0;
  for (const v of values) total += v;
  return total / values.length;
}

export function meanMetric(values: readonly number[]): number {
  return values.length === 0 ? 0 : numpySum(values) / values.length;
}

/** np.std(values, ddof=1) / np.sqrt(n); 0 below two values. */
export function stderrMetric(values: readonly number[]): number {
  const n = values.length;
  if (n - 1 < 1) return 0;
  return Math.sqrt(numpyVar(values, 1)) / Math.sqrt(n);
}

export function stdMetric(values: readonly number[]): number {
  return values.length < 2 ? 0 : Math.sqrt(numpyVar(values, 1));
}

export function varMetric(values: readonly number[]): number {
  return values.length < 2 ? 0 : numpyVar(values, 1);
}

/** The metrics reproduced, by the name results.scores[].metrics keys them under (options or params empty). */
export const BUILT_IN_METRICS: Readonly<Record<string, (values: readonly number[]) => number>> = {
  accuracy: accuracyMetric,
  mean: meanMetric,
  stderr: stderrMetric,
  std: stdMetric,
  var: varMetric,
};
