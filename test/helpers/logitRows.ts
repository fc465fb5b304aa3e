import assert from 'node:assert/strict';
import { allocateCpuBuffer } from '../../src/core/runtimes/gguf/ggmlApi';
import { type LlamaRuntime } from '../../src/core/runtimes/gguf/llamaLibrary';
import { type NativePointer } from '../../src/core/runtimes/gguf/llamaApi';

/** ln softmax(row)[t] in float64 from the float32 logits, summed the slow, plain way. */
export function exactLogProb(row: Float32Array, t: number): number {
  let max = -Infinity;
  for (const v of row) max = Math.max(max, v);
  let sum = 0;
  for (const v of row) sum += Math.exp(v - max);
  return (row[t] ?? Number.NaN) - max - Math.log(sum);
}

/** The rows in a native buffer of ggml's, as llama.cpp's logits are. */
export function nativeRows(runtime: LlamaRuntime, rows: readonly Float32Array[], V: number): { logits: NativePointer; free: () => void } {
  const { buffer, base: logits } = allocateCpuBuffer(runtime.ggml, 4 * V * rows.length);
  const flat = new Float32Array(V * rows.length);
  rows.forEach((row, r) => flat.set(row, r * V));
  runtime.api.koffi.encode(logits, 'float', flat, flat.length);
  return { logits, free: () => runtime.ggml.ggml_backend_buffer_free(buffer) };
}

/** Each target's log-prob within 1e-6 of float64 (relative beyond 10 nats). */
export function assertNearExact(rows: readonly Float32Array[], targets: readonly (readonly number[])[], got: readonly number[][]): void {
  targets.forEach((row, r) =>
    row.forEach((t, k) => {
      const expected = exactLogProb(rows[r] ?? new Float32Array(), t);
      const value = got[r]?.[k] ?? Number.NaN;
      assert.ok(
        Math.abs(value - expected) < 1e-6 * Math.max(1, Math.abs(expected) / 10),
        `row ${r} token ${t}: ${value}, float64 ${expected}`,
      );
    }),
  );
}
