/** ln Σ exp(row): the row's maximum subtracted, the exponentials summed in float64, so nothing underflows. */
export function logSumExp(row: Float32Array): number {
  let max = -Infinity;
  for (let k = 0; k < row.length; k++) {
    const v = row[k] ?? -Infinity;
    if (v > max) max = v;
  }
  let sum = 0;
  for (let k = 0; k < row.length; k++) sum += Math.exp((row[k] ?? -Infinity) - max);
  return max + Math.log(sum);
}
