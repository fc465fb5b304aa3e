/**
 * Python's built-in `sum()` as CPython 3.12 computes it (builtin_sum_impl, start 0): integers before the first
 * float exactly, then floats by Neumaier's compensated sum, an integer after a float added plainly. Python
 * 3.11 and earlier add plainly throughout, so a figure a framework on 3.12 reports (SEA-HELM's means) can
 * differ in its last digit from a plain JavaScript sum. `isInt(i)`: whether the i-th value is a Python int.
 */
export function pythonSum(values: readonly number[], isInt: (index: number) => boolean = () => false): number {
  let index = 0;
  let integer = 0;
  while (index < values.length && isInt(index)) {
    integer += values[index] ?? 0;
    index += 1;
  }
  if (index === values.length) return integer;
  let sum = integer + (values[index] ?? 0);
  let compensation = 0;
  for (index += 1; index < values.length; index += 1) {
    const x = values[index] ?? 0;
    if (isInt(index)) {
      sum += x;
      continue;
    }
    const t = sum + x;
    compensation += Math.abs(sum) >= Math.abs(x) ? sum - t + x : x - t + sum;
    sum = t;
  }
  return compensation !== 0 && Number.isFinite(compensation) ? sum + compensation : sum;
}
