import { CancelledError } from './ggufErrors';
import { type LlamaApi, type NativePointer } from './llamaApi';
import { type BatchToken, LlamaBatch } from './llamaBatch';
import { GgmlLogSoftmax } from './ggmlLogSoftmax';
import { KernelLogSoftmax } from './kernelLogSoftmax';
import { type LlamaRuntime } from './llamaLibrary';
import { type RowsLogSoftmax } from './logSoftmax';

/** A token to evaluate and, when its output row is wanted, the next tokens whose log-probs to read from it. */
export interface FeedToken extends BatchToken {
  readonly targets: readonly number[];
}

/** Bytes of logits one decode may ask llama.cpp to hold (its output buffer grows to the rows asked for). */
const LOGITS_BYTES_PER_DECODE = 64 * 1024 * 1024;

/** One llama.cpp context over a loaded model: its KV cache, a reusable batch, and decoding with log-probs. */
export class LlamaSession {
  readonly memory: NativePointer;
  readonly contextSize: number;
  readonly batchSize: number;
  /** Output rows per decode: the batch, or fewer at a large vocabulary. */
  readonly outputsPerDecode: number;
  readonly api: LlamaApi;
  private readonly batch: LlamaBatch;
  private readonly softmax: RowsLogSoftmax;

  constructor(
    runtime: LlamaRuntime,
    readonly context: NativePointer,
    readonly vocabulary: number,
    /** Sequences the context was made for (one holds the prefix, the others the continuations). */
    readonly sequences: number,
    /** Threads of the log-softmax graph, where the CPU backend has no row kernel to call. */
    graphThreads: number,
  ) {
    const api = runtime.api;
    this.api = api;
    this.memory = api.llama_get_memory(context);
    this.contextSize = api.llama_n_ctx(context);
    this.batchSize = api.llama_n_batch(context);
    this.outputsPerDecode = Math.max(1, Math.min(this.batchSize, Math.floor(LOGITS_BYTES_PER_DECODE / (4 * Math.max(1, vocabulary)))));
    this.batch = new LlamaBatch(api, this.batchSize);
    this.softmax =
      KernelLogSoftmax.open(runtime, vocabulary) ??
      // A row may hold the first token of every continuation (the prefix's last row).
      new GgmlLogSoftmax(api.koffi, runtime.ggml, vocabulary, this.outputsPerDecode, this.outputsPerDecode + sequences, graphThreads);
  }

  /** How the log-probs are computed, for run.json. */
  get logprobsMethod(): string {
    return this.softmax.method;
  }

  get softmaxThreads(): number {
    return this.softmax.threads;
  }

  /** Empties the KV cache of every sequence. */
  clear(): void {
    this.api.llama_memory_clear(this.memory, true);
  }

  /**
   * Evaluates `tokens` in as few llama_decode calls as the batch and output limits allow, the signal
   * looked at between them. With `read`, returns for each token with targets their log-probs under its
   * output row (in order); without, the rows are computed and left unread (the benchmarks' floor).
   */
  async feed(tokens: readonly FeedToken[], signal: AbortSignal, read = true): Promise<number[][]> {
    const results: number[][] = [];
    let start = 0;
    while (start < tokens.length) {
      if (signal.aborted) throw new CancelledError();
      let end = start;
      let outputs = 0;
      while (end < tokens.length && end - start < this.batchSize) {
        const wants = (tokens[end]?.output ?? false) ? 1 : 0;
        if (outputs + wants > this.outputsPerDecode) break;
        outputs += wants;
        end++;
      }
      const chunk = tokens.slice(start, end);
      await this.batch.decode(this.context, this.batch.fill(chunk));
      if (read && outputs > 0) {
        const logits = this.api.llama_get_logits(this.context);
        if (logits === null) throw new Error('llama.cpp returned no logits for a decode with outputs');
        // Straight from llama.cpp's rows, before the next decode overwrites them. Running it on a copy beside the
        // next decode (2026-12-06, 12c4f52) was slower: the copy costs about what the softmax does (bench ggufMc).
        results.push(
          ...(await this.softmax.logProbs(
            logits,
            chunk.filter((t) => t.output).map((t) => t.targets),
          )),
        );
      }
      start = end;
    }
    if (signal.aborted) throw new CancelledError();
    return results;
  }

  dispose(): void {
    this.softmax.dispose();
    this.batch.free();
    this.api.llama_free(this.context);
  }
}
