/**
 * Inspect's built-in metrics (scorer/_metrics/) computed as Inspect computes them, to the last digit:
 * accuracy is a Python loop's sum over the count; mean, std, var and stderr go through numpy, whose sums
 * are pairwise (numpy's pairwise_sum: 8 accumulators in blocks of up to 128, halves above that).
 */
export function numpySum(values: readonly number[], start = 0, n = values.length): number {
  if (n < 8) {
    let sum = 0;
    for (let i = start; i < start + n; i += 1) sum += values[i] ?? 0;
    return sum;
  }
  if (n <= 128) {
    const r = values.slice(start, start + 8);
    let i = 8;
    for (; i < n - (n % 8); i += 8) for (let j = 0; j < 8; j += 1) r[j] = (r[j] ?? 0) + (values[start + i + j] ?? 0);
    const at = (j: number): number => r[j] ?? 0;
    let sum = at(0) + at(1) + (at(2) + at(3)) + (at(4) + at(5) + (at(6) + at(7)));
    for (; i < n; i += 1) sum += values[start + i] ?? 0;
    return sum;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return numpySum(values, start, half) + numpySum(values, start + half, n - half);
}

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
