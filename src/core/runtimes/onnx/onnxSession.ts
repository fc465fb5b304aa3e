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
    const ids = new BigInt64Array(size).fill(BigInt(this.padId));
    const mask = new BigInt64Array(size);
    const types = new BigInt64Array(size);
    batch.forEach((input, row) => {
      input.ids.forEach((id, col) => {
        ids[row * length + col] = BigInt(id);
        mask[row * length + col] = 1n;
        types[row * length + col] = BigInt(input.typeIds[col] ?? 0);
      });
    });
    const dims = [batch.length, length];
    const feeds: Record<string, InstanceType<Ort['Tensor']>> = { input_ids: new this.ort.Tensor('int64', ids, dims) };
    if (this.session.inputNames.includes('attention_mask')) feeds['attention_mask'] = new this.ort.Tensor('int64', mask, dims);
    if (this.session.inputNames.includes('token_type_ids')) feeds['token_type_ids'] = new this.ort.Tensor('int64', types, dims);
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
