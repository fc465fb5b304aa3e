import type * as Koffi from 'koffi';
import { type NativePointer } from './llamaApi';

/** How log-probs are computed, for run.json. */
export const LOGPROBS_METHOD = 'llama.cpp float32 logits, log-softmax in JavaScript with a float64 log-sum-exp';

/**
 * Natural-log probability of `targets` under the softmax of each float32 logits row: the row's maximum
 * subtracted, exp summed in float64 (the log-sum-exp), so nothing underflows. `rows[i]` indexes the
 * llama_get_logits buffer (rows of `vocabulary` floats); each row is copied out of native memory first.
 */
export function rowLogProbs(koffi: typeof Koffi, logits: NativePointer, vocabulary: number, rows: readonly number[], targets: readonly (readonly number[])[]): number[][] {
  const row = new Float32Array(vocabulary);
  return rows.map((r, i) => {
    const copied = koffi.decode(logits, r * vocabulary * 4, koffi.types.float, vocabulary) as Float32Array | number[];
    if (copied instanceof Float32Array) row.set(copied);
    else for (let k = 0; k < vocabulary; k++) row[k] = copied[k] ?? Number.NaN;
    const logSum = logSumExp(row);
    return (targets[i] ?? []).map((t) => {
      if (!(t >= 0 && t < vocabulary)) throw new Error(`token ${t} is outside the vocabulary of ${vocabulary}`);
      return (row[t] ?? Number.NaN) - logSum;
    });
  });
}

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
