import { endianness } from 'node:os';
import { UserError, errorMessage } from '../../util/errors';
import { type EncodedInput } from './specialTokens';
import { type Ort, type OrtSession, firstLine, loadOnnxRuntime } from './onnxRuntime';

/** One output of a batch: row-major [batch, ...dims] float32 values. */
export interface BatchOutput {
  readonly data: Float32Array;
  readonly dims: readonly number[];
}

/**
 * An ONNX model with its session, created once per run. Batches are padded to their longest sequence; runs
 * are queued one after the other (the session already uses every core for one batch).
 */
export class OnnxModel {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly ort: Ort,
    private readonly session: OrtSession,
    readonly path: string,
    private readonly padId: number,
  ) {}

  static async open(path: string, padId: number): Promise<OnnxModel> {
    const ort = await loadOnnxRuntime();
    let session: OrtSession;
    try {
      session = await ort.InferenceSession.create(path, { graphOptimizationLevel: 'all' });
    } catch (error) {
      throw new UserError(`${path}: ONNX Runtime cannot load it (${firstLine(errorMessage(error))})`);
    }
    for (const input of session.inputNames) {
      if (!['input_ids', 'attention_mask', 'token_type_ids'].includes(input)) {
        throw new UserError(`${path}: has an input "${input}"; an encoder exported for this tool takes input_ids, attention_mask and optionally token_type_ids`);
      }
    }
    if (!session.inputNames.includes('input_ids')) throw new UserError(`${path}: has no input "input_ids"`);
    return new OnnxModel(ort, session, path, padId);
  }

  get outputNames(): readonly string[] {
    return this.session.outputNames;
  }

  /** The named outputs for a batch of encoded inputs, padded to the longest. */
  run(batch: readonly EncodedInput[], outputs: readonly string[]): Promise<Record<string, BatchOutput>> {
    const next = this.queue.then(() => this.runNow(batch, outputs));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async runNow(batch: readonly EncodedInput[], outputs: readonly string[]): Promise<Record<string, BatchOutput>> {
    const length = Math.max(...batch.map((input) => input.ids.length));
    const size = batch.length * length;
    const ids = new Int64Column(size, this.padId);
    const mask = new Int64Column(size, 0);
    const types = new Int64Column(size, 0);
    batch.forEach((input, row) => {
      for (let col = 0; col < input.ids.length; col += 1) {
        const at = row * length + col;
        ids.set(at, input.ids[col] ?? this.padId);
        mask.set(at, 1);
        types.set(at, input.typeIds[col] ?? 0);
      }
    });
    const dims = [batch.length, length];
    const feeds: Record<string, InstanceType<Ort['Tensor']>> = { input_ids: new this.ort.Tensor('int64', ids.data, dims) };
    if (this.session.inputNames.includes('attention_mask')) feeds['attention_mask'] = new this.ort.Tensor('int64', mask.data, dims);
    if (this.session.inputNames.includes('token_type_ids')) feeds['token_type_ids'] = new this.ort.Tensor('int64', types.data, dims);
    let results: Awaited<ReturnType<OrtSession['run']>>;
    try {
      results = await this.session.run(feeds, [...outputs]);
    } catch (error) {
      throw new Error(`${this.path}: the forward pass failed (${firstLine(errorMessage(error))})`);
    }
    const out: Record<string, BatchOutput> = {};
    for (const name of outputs) {
      const tensor = results[name];
      if (tensor === undefined || tensor.type !== 'float32') throw new Error(`${this.path}: output "${name}" is not a float32 tensor`);
      out[name] = { data: tensor.data as Float32Array, dims: tensor.dims };
    }
    return out;
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

const LITTLE_ENDIAN = endianness() === 'LE';

/** An int64 tensor's data written as numbers (token ids, 0/1, types): on little-endian machines through the low 32-bit words, no BigInt per token. */
class Int64Column {
  readonly data: BigInt64Array;
  private readonly words: Int32Array | null;

  constructor(size: number, fill: number) {
    this.data = new BigInt64Array(size);
    if (fill !== 0) this.data.fill(BigInt(fill));
    this.words = LITTLE_ENDIAN ? new Int32Array(this.data.buffer, this.data.byteOffset, size * 2) : null;
  }

  set(index: number, value: number): void {
    if (this.words === null) this.data[index] = BigInt(value);
    else this.words[index * 2] = value;
  }
}
