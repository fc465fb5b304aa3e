/**
 * Float sums as the frameworks whose figures are reproduced add them, each to the last digit: a plain loop
 * (JavaScript's `+=`, a Python `for` loop, Python's sum() before 3.12), Python's sum() from 3.12 (Neumaier's
 * compensated sum, bltinmodule.c), and numpy's pairwise sum (np.sum / np.mean: 8 accumulators in blocks of
 * up to 128, halves above that).
 */
export type FloatSum = 'sequential' | 'python312' | 'numpy';

export function sequentialSum(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum;
}

/** CPython 3.12+ sum() of floats: Neumaier's improved Kahan–Babuška sum, the compensation added last when finite. */
export function python312Sum(values: readonly number[]): number {
  let sum = 0;
  let c = 0;
  for (const x of values) {
    const t = sum + x;
    c += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  }
  return c !== 0 && Number.isFinite(c) ? sum + c : sum;
}

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

/** The mean of `values` with the framework's sum (0 for none, as Inspect's metrics give). */
export function meanBy(values: readonly number[], sum: FloatSum): number {
  if (values.length === 0) return 0;
  const total = sum === 'numpy' ? numpySum(values) : sum === 'python312' ? python312Sum(values) : sequentialSum(values);
  return total / values.length;
}
