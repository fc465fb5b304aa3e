import type * as Koffi from 'koffi';
import { type NativePointer } from './llamaApi';

/**
 * ggml's vectorised softmax row kernel, `ggml_vec_soft_max_f32(n, y, x, max)` of ggml-cpu/vec.cpp (llama.cpp
 * v0.4.0): y[i] = exp(x[i] - max) in float32, with SIMD for the CPU variant ggml chose (AVX-512 here), and
 * the sum of the y[i] returned in float64. `row` is the address of a row of llama.cpp's logits (or an array,
 * copied), `scratch` a native buffer of at least `n` floats that the kernel writes.
 */
export type RowExponentials = (n: number, scratch: NativePointer, row: bigint | Float32Array, shift: number) => number;

/**
 * The row kernel of `library`, the CPU backend ggml loaded (the variant its score picked for this CPU), or
 * null where the library does not export it (Windows builds export only the backend's entry points) or
 * where it does not give a known row's sum (another signature than this tool was written against).
 */
export function bindRowExponentials(
  koffi: typeof Koffi,
  library: string,
  scratch: NativePointer,
  symbol = 'ggml_vec_soft_max_f32',
): RowExponentials | null {
  let kernel: RowExponentials;
  try {
    kernel = koffi.load(library).func(symbol, 'double', ['int', 'void *', 'const float *', 'float']) as RowExponentials;
  } catch {
    return null;
  }
  return givesKnownSum(kernel, scratch) ? kernel : null;
}

/** 37 entries: two SIMD blocks of 16 on AVX-512 and a scalar tail; the sum checked against float64. */
function givesKnownSum(kernel: RowExponentials, scratch: NativePointer): boolean {
  const row = Float32Array.from({ length: 37 }, (_, i) => ((i * 7) % 11) - 6.5 + i / 37);
  const shift = Math.fround(3.25);
  let expected = 0;
  for (const x of row) expected += Math.exp(Math.fround(x - shift));
  const sum = kernel(row.length, scratch, row, shift);
  return Math.abs(sum - expected) <= 1e-6 * expected;
}
