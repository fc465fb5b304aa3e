import type * as Koffi from 'koffi';
import { type NativePointer } from './llamaApi';

/** Log-probs of given tokens under the softmax of llama.cpp's logits rows, read after a decode and before the next. */
export interface RowsLogSoftmax {
  /** How the log-probs are computed, for run.json. */
  readonly method: string;
  /** Threads it computes on, for run.json. */
  readonly threads: number;
  /** For each of the first `targets.length` rows at `logits`, the log-probs of its targets. */
  logProbs(logits: NativePointer, targets: readonly (readonly number[])[]): Promise<number[][]>;
  dispose(): void;
}

/** ln Σ exp(row): the row's maximum subtracted, the exponentials summed in float64, so nothing underflows. */
export function logSumExp(row: Float32Array): number {
  const max = rowMax(row);
  return max + Math.log(sumOfExponentials(row, max));
}

/** The largest entry (NaNs skipped). */
export function rowMax(row: Float32Array): number {
  let max = -Infinity;
  for (let k = 0; k < row.length; k++) {
    const v = row[k] ?? -Infinity;
    if (v > max) max = v;
  }
  return max;
}

function sumOfExponentials(row: Float32Array, shift: number): number {
  let sum = 0;
  for (let k = 0; k < row.length; k++) sum += Math.exp((row[k] ?? -Infinity) - shift);
  return sum;
}

/** Row `row` of a buffer of rows of `size` float32 logits, copied out of native memory. */
export function readLogitsRow(koffi: typeof Koffi, logits: NativePointer, row: number, size: number): Float32Array {
  return Float32Array.from(koffi.decode(logits, row * size * 4, 'float', size) as ArrayLike<number>);
}

/** Throws unless every target is a token of a vocabulary of `size`. */
export function checkTargets(targets: readonly (readonly number[])[], size: number): void {
  for (const row of targets)
    for (const t of row)
      if (!(Number.isInteger(t) && t >= 0 && t < size)) throw new Error(`token ${t} is outside the vocabulary of ${size}`);
}
