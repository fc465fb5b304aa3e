import { type LlamaApi, type LlamaBatchStruct, type NativePointer } from './llamaApi';

/** One token to evaluate: where it sits, in which sequence, and whether its output row (next-token logits) is wanted. */
export interface BatchToken {
  readonly token: number;
  readonly pos: number;
  readonly seq: number;
  readonly output: boolean;
}

/**
 * A llama_batch allocated once by llama.cpp (llama_batch_init) and refilled for each decode: tokens,
 * positions and output flags written as whole arrays, one sequence id per token.
 */
export class LlamaBatch {
  private readonly struct: LlamaBatchStruct;
  private readonly seqIdCells: NativePointer[];
  private freed = false;

  constructor(
    private readonly api: LlamaApi,
    readonly capacity: number,
  ) {
    this.struct = api.llama_batch_init(capacity, 0, 1);
    const koffi = api.koffi;
    this.seqIdCells = koffi.decode(this.struct.seq_id, koffi.array('void *', capacity)) as NativePointer[];
    koffi.encode(this.struct.n_seq_id, 'int32_t', new Int32Array(capacity).fill(1), capacity);
  }

  /** Fills the batch with `tokens` (at most `capacity`) and returns it as llama_decode takes it. */
  fill(tokens: readonly BatchToken[]): LlamaBatchStruct {
    if (tokens.length > this.capacity) throw new Error(`a batch of ${tokens.length} tokens exceeds its capacity of ${this.capacity}`);
    const koffi = this.api.koffi;
    const n = tokens.length;
    const ids = new Int32Array(n);
    const positions = new Int32Array(n);
    const outputs = new Int8Array(n);
    tokens.forEach((t, i) => {
      ids[i] = t.token;
      positions[i] = t.pos;
      outputs[i] = t.output ? 1 : 0;
      koffi.encode(this.seqIdCells[i], 'int32_t', t.seq);
    });
    koffi.encode(this.struct.token, 'int32_t', ids, n);
    koffi.encode(this.struct.pos, 'int32_t', positions, n);
    koffi.encode(this.struct.logits, 'int8_t', outputs, n);
    return { ...this.struct, n_tokens: n };
  }

  /** llama_decode on a koffi worker thread: the JavaScript thread stays free while llama.cpp computes. */
  decode(context: NativePointer, batch: LlamaBatchStruct): Promise<void> {
    return new Promise((resolve, reject) => {
      this.api.llama_decode.async(context, batch, (error, status) => {
        if (error !== null && error !== undefined) reject(error instanceof Error ? error : new Error(String(error)));
        else if (status !== 0) reject(new Error(`llama_decode returned ${status} (${DECODE_STATUS[status] ?? 'a fatal error'})`));
        else resolve();
      });
    });
  }

  free(): void {
    if (this.freed) return;
    this.freed = true;
    this.api.llama_batch_free({ ...this.struct, n_tokens: 0 });
  }
}

const DECODE_STATUS: Readonly<Record<number, string>> = {
  1: 'no room in the KV cache for the batch',
  2: 'aborted',
  [-1]: 'an invalid batch',
};
