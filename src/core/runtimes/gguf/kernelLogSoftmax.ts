import { allocateCpuBuffer } from './ggmlApi';
import { type RowExponentials, bindRowExponentials } from './ggmlRowKernel';
import { type NativePointer } from './llamaApi';
import { type LlamaRuntime } from './llamaLibrary';
import { type RowsLogSoftmax, checkTargets, readLogitsRow, rowMax } from './logSoftmax';

export const KERNEL_LOGPROBS_METHOD =
  "ggml's vectorised softmax row kernel (ggml_vec_soft_max_f32 of its CPU backend) over llama.cpp's float32 logits, " +
  'each row shifted by its largest scored logit, the exponentials summed in float64; log-prob = logit - shift - ln(sum) in float64';

/**
 * Log-probs through ggml's SIMD row kernel, one call per row on llama.cpp's own logits (no copy): one pass
 * over the row, against the graph's four (a copy, a scalar maximum, the exponentials, a rescale). The shift
 * is the largest logit among the row's targets, not the row's maximum: the target's own term is then 1, so
 * the sum is at least 1 and nothing it needs underflows; only when some logit is more than 88 nats above
 * it (float32's exp overflows, the sum is infinite) is the row's maximum found and the row done again.
 * The log-prob is then computed in float64 from the logit, so even a probability far below float32's
 * range keeps its digits.
 */
export class KernelLogSoftmax implements RowsLogSoftmax {
  readonly method = KERNEL_LOGPROBS_METHOD;
  readonly threads = 1;
  private disposed = false;

  private constructor(
    private readonly runtime: LlamaRuntime,
    private readonly vocabulary: number,
    private readonly kernel: RowExponentials,
    private readonly scratchBuffer: NativePointer,
    private readonly scratch: NativePointer,
  ) {}

  /** Null where the CPU backend does not export the kernel (see bindRowExponentials). */
  static open(runtime: LlamaRuntime, vocabulary: number): KernelLogSoftmax | null {
    if (runtime.cpuBackend === null) return null;
    // At least 64 floats: the known row the kernel is checked on when it is bound.
    const { buffer, base } = allocateCpuBuffer(runtime.ggml, 4 * Math.max(vocabulary, 64));
    const kernel = bindRowExponentials(runtime.api.koffi, runtime.cpuBackend, base);
    if (kernel === null) {
      runtime.ggml.ggml_backend_buffer_free(buffer);
      return null;
    }
    return new KernelLogSoftmax(runtime, vocabulary, kernel, buffer, base);
  }

  logProbs(logits: NativePointer, targets: readonly (readonly number[])[]): Promise<number[][]> {
    const V = this.vocabulary;
    checkTargets(targets, V);
    const { koffi } = this.runtime.api;
    // Addresses, not a view: an ArrayBuffer over tens of MB of native memory counts as external memory to V8,
    // which then ran a full garbage collection after nearly every decode (140 in 160 decodes when it was tried).
    const base = koffi.address(logits);
    return Promise.resolve(
      targets.map((row, r) => {
        if (row.length === 0) return [];
        const offset = r * V * 4;
        const x = row.map((t) => koffi.decode(logits, offset + 4 * t, 'float') as number);
        let shift = Math.max(...x);
        let sum = this.kernel(V, this.scratch, base + BigInt(offset), shift);
        if (!(Number.isFinite(sum) && sum > 0)) {
          shift = rowMax(readLogitsRow(koffi, logits, r, V));
          sum = this.kernel(V, this.scratch, base + BigInt(offset), shift);
        }
        const logSum = shift + Math.log(sum);
        return x.map((logit) => logit - logSum);
      }),
    );
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.runtime.ggml.ggml_backend_buffer_free(this.scratchBuffer);
  }
}
