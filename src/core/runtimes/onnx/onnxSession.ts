import { endianness } from 'node:os';
import { UserError } from '../../util/errors';
import { loadOnnxRuntime } from './onnxRuntime';
import { SessionThread, SessionThreadError } from './sessionThread';
import { type BatchOutput } from './sessionThreadMessages';
import { type EncodedInput } from './specialTokens';

export { type BatchOutput } from './sessionThreadMessages';

/**
 * An ONNX model with its session, created once per run on a thread of its own (SessionThread). Batches are
 * padded to their longest sequence; runs are carried out one after the other, in the order asked (the
 * session already uses every core for one batch).
 */
export class OnnxModel {
  private constructor(
    private readonly thread: SessionThread,
    readonly path: string,
    private readonly padId: number,
  ) {}

  static async open(path: string, padId: number): Promise<OnnxModel> {
    // On this thread first: a missing onnxruntime-node is reported with how to install it.
    await loadOnnxRuntime();
    let thread: SessionThread;
    try {
      thread = await SessionThread.start(path);
    } catch (error) {
      if (!(error instanceof SessionThreadError)) throw error;
      throw new UserError(`${path}: ONNX Runtime cannot load it (${error.message})`);
    }
    const model = new OnnxModel(thread, path, padId);
    const unexpected = thread.inputNames.find((input) => !['input_ids', 'attention_mask', 'token_type_ids'].includes(input));
    const problem =
      unexpected !== undefined
        ? `${path}: has an input "${unexpected}"; an encoder exported for this tool takes input_ids, attention_mask and optionally token_type_ids`
        : thread.inputNames.includes('input_ids')
          ? null
          : `${path}: has no input "input_ids"`;
    if (problem !== null) {
      await model.release();
      throw new UserError(problem);
    }
    return model;
  }

  get outputNames(): readonly string[] {
    return this.thread.outputNames;
  }

  /** The named outputs for a batch of encoded inputs, padded to the longest. */
  async run(batch: readonly EncodedInput[], outputs: readonly string[]): Promise<Readonly<Record<string, BatchOutput>>> {
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
    const inputs = this.thread.inputNames;
    const feeds: Record<string, BigInt64Array> = { input_ids: ids.data };
    if (inputs.includes('attention_mask')) feeds['attention_mask'] = mask.data;
    if (inputs.includes('token_type_ids')) feeds['token_type_ids'] = types.data;
    try {
      return await this.thread.run(feeds, [batch.length, length], outputs);
    } catch (error) {
      if (!(error instanceof SessionThreadError)) throw error;
      throw new Error(`${this.path}: the forward pass failed (${error.message})`);
    }
  }

  release(): Promise<void> {
    return this.thread.release();
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
