import type * as Koffi from 'koffi';
import { type GgmlApi, allocateCpuBuffer } from './ggmlApi';
import { type NativePointer } from './llamaApi';
import { type RowsLogSoftmax, checkTargets, logSumExp, readLogitsRow } from './logSoftmax';

export const GRAPH_LOGPROBS_METHOD =
  "ggml's CPU softmax over llama.cpp's float32 logits (float64 sums), in native code; a probability below 1e-30 recomputed from the logits with a float64 log-sum-exp";

const GGML_TYPE_F32 = 0;
const GGML_TYPE_I32 = 26;
const GGML_BACKEND_DEVICE_TYPE_CPU = 0;
/** Below this a float32 probability loses digits (denormals at 1.2e-38): such a token's row is recomputed in float64. */
const SMALLEST_TRUSTED = 1e-30;

/**
 * Log-probs of given tokens under the softmax of llama.cpp's logits rows, computed natively by ggml's
 * CPU backend (with threads of its own, see defaultSoftmaxThreads), where its row kernel is not exported
 * (KernelLogSoftmax; Windows builds): the rows are softmaxed into a scratch buffer (the logits stay as
 * they are) and only the wanted probabilities are gathered (ggml_get_rows) and copied back. ggml sums the
 * exponentials in float64; log(p) of a float32 p is then within about 3e-7.
 */
export class GgmlLogSoftmax implements RowsLogSoftmax {
  readonly method = GRAPH_LOGPROBS_METHOD;
  private readonly backend: NativePointer;
  private readonly scratch: NativePointer;
  private readonly scratchBuffer: NativePointer;
  private readonly indices: NativePointer;
  private readonly indexBuffer: NativePointer;
  private readonly picked: NativePointer;
  private readonly pickedBuffer: NativePointer;
  private disposed = false;

  constructor(
    private readonly koffi: typeof Koffi,
    private readonly ggml: GgmlApi,
    private readonly vocabulary: number,
    private readonly maxRows: number,
    private readonly maxPairs: number,
    readonly threads: number,
  ) {
    const device = ggml.ggml_backend_dev_by_type(GGML_BACKEND_DEVICE_TYPE_CPU);
    const backend = device === null ? null : ggml.ggml_backend_dev_init(device, null);
    if (device === null || backend === null) throw new Error('ggml has no CPU backend for the log-softmax');
    this.backend = backend;
    const setter = ggml.ggml_backend_reg_get_proc_address(ggml.ggml_backend_dev_backend_reg(device), 'ggml_backend_set_n_threads');
    if (setter !== null) ggml.setThreads(setter, backend, threads);
    ({ buffer: this.scratchBuffer, base: this.scratch } = allocateCpuBuffer(ggml, 4 * vocabulary * maxRows));
    ({ buffer: this.indexBuffer, base: this.indices } = allocateCpuBuffer(ggml, 4 * maxPairs));
    ({ buffer: this.pickedBuffer, base: this.picked } = allocateCpuBuffer(ggml, 4 * maxPairs));
  }

  async logProbs(logits: NativePointer, targets: readonly (readonly number[])[]): Promise<number[][]> {
    const rows = targets.length;
    const pairs = targets.reduce((n, t) => n + t.length, 0);
    if (rows > this.maxRows || pairs > this.maxPairs)
      throw new Error(`${rows} rows and ${pairs} targets exceed the log-softmax's ${this.maxRows} and ${this.maxPairs}`);
    if (pairs === 0) return targets.map(() => []);
    const V = this.vocabulary;
    checkTargets(targets, V);
    const flat = new Int32Array(pairs);
    let k = 0;
    targets.forEach((row, r) => {
      for (const t of row) flat[k++] = r * V + t;
    });
    this.koffi.encode(this.indices, 'int32_t', flat, pairs);
    await this.compute(logits, rows, pairs);
    const probabilities = this.koffi.decode(this.picked, 'float', pairs) as ArrayLike<number>;
    k = 0;
    return targets.map((row, r) => {
      const values = row.map(() => probabilities[k++] ?? Number.NaN);
      if (values.every((p) => p >= SMALLEST_TRUSTED)) return values.map(Math.log);
      const logits32 = readLogitsRow(this.koffi, logits, r, V);
      const logSum = logSumExp(logits32);
      return row.map((t) => (logits32[t] ?? Number.NaN) - logSum);
    });
  }

  private async compute(logits: NativePointer, rows: number, pairs: number): Promise<void> {
    const g = this.ggml;
    const V = this.vocabulary;
    const context = g.ggml_init({
      mem_size: 8 * g.ggml_tensor_overhead() + g.ggml_graph_overhead() + 1024,
      mem_buffer: null,
      no_alloc: true,
    });
    if (context === null) throw new Error('ggml_init failed for the log-softmax graph');
    const logitsBuffer = g.ggml_backend_cpu_buffer_from_ptr(logits, 4 * V * rows);
    try {
      const place = (buffer: NativePointer, tensor: NativePointer, address: NativePointer): void => {
        if (g.ggml_backend_tensor_alloc(buffer, tensor, address) !== 0)
          throw new Error('ggml could not place a tensor of the log-softmax graph');
      };
      const input = g.ggml_new_tensor_2d(context, GGML_TYPE_F32, V, rows);
      place(logitsBuffer, input, logits);
      const softmax = g.ggml_soft_max(context, input);
      place(this.scratchBuffer, softmax, this.scratch);
      const elements = g.ggml_reshape_2d(context, softmax, 1, V * rows);
      const index = g.ggml_new_tensor_1d(context, GGML_TYPE_I32, pairs);
      place(this.indexBuffer, index, this.indices);
      const gathered = g.ggml_get_rows(context, elements, index);
      place(this.pickedBuffer, gathered, this.picked);
      const graph = g.ggml_new_graph(context);
      g.ggml_build_forward_expand(graph, gathered);
      const status = await new Promise<number>((resolve, reject) => {
        g.ggml_backend_graph_compute.async(this.backend, graph, (error, result) =>
          error !== null && error !== undefined ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
        );
      });
      if (status !== 0) throw new Error(`ggml_backend_graph_compute returned ${status} for the log-softmax`);
    } finally {
      g.ggml_backend_buffer_free(logitsBuffer);
      g.ggml_free(context);
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const buffer of [this.scratchBuffer, this.indexBuffer, this.pickedBuffer]) this.ggml.ggml_backend_buffer_free(buffer);
    this.ggml.ggml_backend_free(this.backend);
  }
}
