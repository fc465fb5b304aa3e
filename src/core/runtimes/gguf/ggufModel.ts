import { basename } from 'node:path';
import type { LlamaContext, LlamaContextSequence, LlamaModel, Token } from 'node-llama-cpp';
import { UserError, errorMessage } from '../../util/errors';
import { sha256Hex } from '../../util/hash';
import { ChatTemplate, type TemplateMessage } from './chatTemplate';
import { type GgufHeader, metadataBoolean, metadataNumber, metadataString } from './ggufFile';
import { CancelledError, knownArchitectures, loadFailure, readHeaderOrExplain } from './ggufErrors';
import { type GgufFileRecord, type GgufRuntimeRecord, fileTypeName } from './ggufRecord';
import { NODE_LLAMA_CPP_VERSION, loadNodeLlamaCpp } from './nodeLlamaCpp';
import { type GenerateOptions, samplerOptions } from './sampling';

export interface GgufLoadOptions {
  readonly path: string;
  /** "auto", or how many layers to offload to the GPU (0: CPU only). */
  readonly gpuLayers: 'auto' | number;
  /** Context size in tokens; null: the model's training context, at most 4096. */
  readonly contextSize: number | null;
  /** null: llama.cpp's default (the machine's math cores). */
  readonly threads: number | null;
  /** Folders holding a node_modules with node-llama-cpp (the extension's storage). */
  readonly runtimeDirs?: readonly string[];
}

export interface ScoredSequence {
  /** Every token fed to the model, the prefix's included. */
  readonly tokens: readonly number[];
  /** Index of the first scored token. */
  readonly scoredFrom: number;
  /** Natural-log probabilities of tokens[scoredFrom..]; an underflowed one holds UNDERFLOW_LOGPROB. */
  readonly logprobs: readonly number[];
  /** Positions within `logprobs` whose probability underflowed float32 (the value there is an upper bound). */
  readonly underflowed: readonly number[];
}

/** ln of the smallest positive float32: what an underflowed probability is at most. */
export const UNDERFLOW_LOGPROB = Math.log(1.401298464324817e-45);

const DEFAULT_MAX_CONTEXT = 4096;
/** Tokens fed to llama.cpp per call while scoring: a cancellation waits for at most this many. */
const FEED_CHUNK = 8;

/** A GGUF model loaded in-process with llama.cpp, one sequence, operations run one at a time. */
export class GgufModel {
  private queue: Promise<unknown> = Promise.resolve();
  readonly template: ChatTemplate | null;

  private constructor(
    readonly path: string,
    readonly header: GgufHeader,
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    private readonly sequence: LlamaContextSequence,
    readonly runtime: GgufRuntimeRecord,
  ) {
    const source = metadataString(header, 'tokenizer.chat_template');
    const tokens = {
      bosToken: this.tokenText(model.tokens.bos) ?? null,
      eosToken: this.tokenText(model.tokens.eos) ?? null,
    };
    try {
      this.template = source === null ? null : new ChatTemplate(source, tokens);
    } catch (error) {
      throw new UserError(`${basename(path)}: ${errorMessage(error)}`);
    }
  }

  static async open(options: GgufLoadOptions): Promise<GgufModel> {
    const name = basename(options.path);
    const header = await readHeaderOrExplain(options.path);
    const architecture = metadataString(header, 'general.architecture') ?? 'unknown';
    const trained = metadataNumber(header, `${architecture}.context_length`);
    const lib = await loadNodeLlamaCpp(options.runtimeDirs);
    const llama = await lib.getLlama({
      gpu: options.gpuLayers === 0 ? false : 'auto',
      build: 'never',
      usePrebuiltBinaries: true,
      progressLogs: false,
      logLevel: lib.LlamaLogLevel.error,
      logger: () => undefined,
    });
    let model: LlamaModel;
    try {
      model = await llama.loadModel({ modelPath: options.path, gpuLayers: options.gpuLayers === 'auto' ? 'auto' : options.gpuLayers, checkTensors: false });
    } catch (error) {
      await llama.dispose();
      const known = knownArchitectures(lib).includes(architecture);
      throw new UserError(loadFailure(name, architecture, known, llama.llamaCppRelease.release, error));
    }
    const wanted = options.contextSize ?? Math.min(trained ?? DEFAULT_MAX_CONTEXT, DEFAULT_MAX_CONTEXT);
    let context: LlamaContext;
    try {
      context = await model.createContext({
        contextSize: wanted,
        sequences: 1,
        flashAttention: false,
        experimentalKvCacheKeyType: 'F32',
        experimentalKvCacheValueType: 'F32',
        ...(options.threads !== null ? { threads: { ideal: options.threads, min: options.threads } } : {}),
      });
    } catch (error) {
      await model.dispose();
      await llama.dispose();
      throw new UserError(`${name}: llama.cpp could not create a context of ${wanted} tokens (${errorMessage(error)}): try a smaller --context or --gpu-layers 0`);
    }
    const runtime: GgufRuntimeRecord = {
      package: 'node-llama-cpp',
      version: NODE_LLAMA_CPP_VERSION,
      llamaCpp: `${llama.llamaCppRelease.repo}@${llama.llamaCppRelease.release}`,
      buildType: llama.buildType,
      gpu: llama.gpu === false ? 'none' : llama.gpu,
      gpuLayers: { asked: options.gpuLayers, used: model.gpuLayers },
      contextSize: context.contextSize,
      threads: context.currentThreads,
      batchSize: context.batchSize,
      flashAttention: false,
      kvCacheType: 'F32',
    };
    return new GgufModel(options.path, header, model, context, context.getSequence(), runtime);
  }

  get fileName(): string {
    return basename(this.path);
  }

  get contextSize(): number {
    return this.context.contextSize;
  }

  get vocabularySize(): number {
    const tokens = this.header.metadata.get('tokenizer.ggml.tokens');
    return Array.isArray(tokens) ? tokens.length : 0;
  }

  /** The GGUF facts that matter for a run, without the file's location. */
  fileRecord(size: number, sha256: string): GgufFileRecord {
    const h = this.header;
    const architecture = metadataString(h, 'general.architecture') ?? 'unknown';
    const fileType = metadataNumber(h, 'general.file_type');
    return {
      name: this.fileName,
      size,
      sha256,
      architecture,
      modelName: metadataString(h, 'general.name'),
      fileType: fileType === null ? null : fileTypeName(fileType),
      contextLength: metadataNumber(h, `${architecture}.context_length`),
      vocabularySize: this.vocabularySize,
      chatTemplateSha256: this.template === null ? null : sha256Hex(this.template.source),
      bosToken: this.tokenText(this.model.tokens.bos),
      eosToken: this.tokenText(this.model.tokens.eos),
      addBosToken: metadataBoolean(h, 'tokenizer.ggml.add_bos_token'),
    };
  }

  /**
   * The rendered text as token ids: special tokens in it parsed as special tokens; BOS prepended when the
   * vocabulary asks for it and the text does not already begin with it (a template that renders
   * bos_token itself must not get a second one).
   */
  tokenize(text: string): { readonly tokens: Token[]; readonly bos: 'template' | 'vocabulary' | 'none' } {
    const tokens = this.model.tokenize(text, true);
    const bos = this.model.tokens.bos;
    if (bos !== null && tokens[0] === bos) return { tokens, bos: 'template' };
    if (bos !== null && this.model.tokens.shouldPrependBosToken) return { tokens: [bos, ...tokens], bos: 'vocabulary' };
    return { tokens, bos: 'none' };
  }

  /** The chat template's rendering (Hugging Face's apply_chat_template, tokenize=False); null without a template. */
  render(messages: readonly TemplateMessage[], addGenerationPrompt: boolean): string | null {
    if (this.template === null) return null;
    try {
      return this.template.render(messages, addGenerationPrompt);
    } catch (error) {
      throw new UserError(`${this.fileName}: ${errorMessage(error)}`);
    }
  }

  /**
   * Log-probs of each continuation's tokens after the prefix. The prefix is evaluated once and its KV
   * cache kept; each continuation is evaluated on top of it and then erased. Probabilities come from
   * llama.cpp's float32 softmax over the whole vocabulary (no sampling options: nothing truncated).
   * A continuation whose tokens do not begin with the prefix's is evaluated from where they differ.
   */
  scoreAfterPrefix(prefix: readonly Token[], sequences: readonly (readonly Token[])[], signal: AbortSignal): Promise<ScoredSequence[]> {
    return this.exclusive(async () => {
      if (prefix.length === 0) throw new Error('an empty prefix has no next-token distribution');
      const longest = Math.max(prefix.length, ...sequences.map((s) => s.length));
      if (longest > this.contextSize) throw new UserError(`${this.fileName}: ${longest} tokens do not fit the context of ${this.contextSize}: give a larger --context`);
      await this.rewindTo(0);
      const prefixOut = await this.feed(prefix, (i) => i === prefix.length - 1, signal);
      const afterPrefix = this.distribution(prefixOut.get(prefix.length - 1));
      const results: ScoredSequence[] = [];
      for (const tokens of sequences) {
        if (signal.aborted) throw new CancelledError();
        const scoredFrom = prefix.length;
        if (tokens.length <= scoredFrom) throw new Error(`a continuation of ${tokens.length} tokens is no longer than its prefix's ${scoredFrom}`);
        const shared = sharedLength(prefix, tokens);
        const lookups: ((token: number) => number)[] = [];
        if (shared === prefix.length) {
          lookups.push(afterPrefix);
          const rest = tokens.slice(scoredFrom);
          const out = await this.feed(rest, (i) => i < rest.length - 1, signal);
          for (let i = 0; i < rest.length - 1; i++) lookups.push(this.distribution(out.get(i)));
        } else {
          await this.rewindTo(shared);
          const rest = tokens.slice(shared);
          const out = await this.feed(rest, (i) => shared + i >= scoredFrom - 1 && i < rest.length - 1, signal);
          for (let at = scoredFrom - 1; at < tokens.length - 1; at++) lookups.push(this.distribution(out.get(at - shared)));
        }
        const logprobs: number[] = [];
        const underflowed: number[] = [];
        lookups.forEach((lookup, i) => {
          const p = lookup(tokens[scoredFrom + i] ?? -1);
          if (p > 0) logprobs.push(Math.log(p));
          else {
            underflowed.push(i);
            logprobs.push(UNDERFLOW_LOGPROB);
          }
        });
        results.push({ tokens: [...tokens], scoredFrom, logprobs, underflowed });
        await this.rewindTo(prefix.length);
        if (shared !== prefix.length) await this.reevaluatePrefix(prefix);
      }
      return results;
    });
  }

  /** The least llama.cpp does for the same tokens as scoreAfterPrefix: the prefix once, each sequence's rest once, nothing read back (benchmarks). */
  evaluateOnly(prefix: readonly Token[], sequences: readonly (readonly Token[])[]): Promise<void> {
    return this.exclusive(async () => {
      await this.rewindTo(0);
      await this.sequence.controlledEvaluate([...prefix]);
      for (const tokens of sequences) {
        await this.sequence.controlledEvaluate(tokens.slice(prefix.length));
        await this.rewindTo(prefix.length);
      }
    });
  }

  /** Decodes until an end-of-generation token or maxTokens: greedy at temperature 0, else llama.cpp's top-p, temperature, seeded draw (no top-k). */
  generate(prompt: readonly Token[], options: GenerateOptions, signal: AbortSignal): Promise<{ readonly text: string; readonly tokens: number; readonly finishReason: 'stop' | 'length' }> {
    return this.exclusive(async () => {
      const needed = prompt.length + options.maxTokens;
      if (needed > this.contextSize) throw new UserError(`${this.fileName}: ${prompt.length} prompt tokens and ${options.maxTokens} new ones do not fit the context of ${this.contextSize}: give a larger --context`);
      await this.rewindTo(0);
      const generated: Token[] = [];
      let finishReason: 'stop' | 'length' = 'length';
      let input: Token[] = [...prompt];
      while (generated.length < options.maxTokens) {
        if (signal.aborted) throw new CancelledError();
        const out = await this.sequence.controlledEvaluate(input.map((t, i) => (i === input.length - 1 ? [t, { generateNext: { token: true, options: samplerOptions(options, generated.length) } }] : t)));
        const next = out[input.length - 1]?.next.token;
        if (next === undefined || next === null || this.model.isEogToken(next)) {
          finishReason = 'stop';
          break;
        }
        generated.push(next);
        input = [next];
      }
      await this.rewindTo(0);
      return { text: this.model.detokenize(generated), tokens: generated.length, finishReason };
    });
  }

  async dispose(): Promise<void> {
    await this.queue.catch(() => undefined);
    await this.context.dispose();
    await this.model.dispose();
    await this.model.llama.dispose();
  }

  /**
   * Feeds `tokens` after what the sequence holds and returns llama.cpp's next-token probabilities after each
   * position `wanted` picks. In chunks, with the signal looked at between them: every position asked for
   * probabilities costs a sort, an N-API array and a Map over the vocabulary (tens of ms at 32 000 tokens:
   * bench ggufMc), so a whole continuation fed at once would hold a Ctrl-C for seconds.
   */
  private async feed(tokens: readonly Token[], wanted: (index: number) => boolean, signal: AbortSignal): Promise<Map<number, Map<Token, number> | undefined>> {
    const distributions = new Map<number, Map<Token, number> | undefined>();
    for (let start = 0; start < tokens.length; start += FEED_CHUNK) {
      if (signal.aborted) throw new CancelledError();
      const chunk = tokens.slice(start, start + FEED_CHUNK);
      const out = await this.sequence.controlledEvaluate(chunk.map((t, k) => (wanted(start + k) ? [t, { generateNext: { probabilities: true } }] : t)));
      chunk.forEach((_, k) => {
        if (wanted(start + k)) distributions.set(start + k, out[k]?.next.probabilities);
      });
    }
    return distributions;
  }

  private distribution(probabilities: Map<Token, number> | undefined): (token: number) => number {
    if (probabilities === undefined) throw new Error('llama.cpp returned no probabilities for a scored position');
    const vocabulary = this.vocabularySize;
    if (vocabulary > 0 && probabilities.size < vocabulary) {
      throw new Error(`llama.cpp returned ${probabilities.size} probabilities for a vocabulary of ${vocabulary}: the distribution was truncated`);
    }
    // Token is a branded number; the ids come from this model's own tokenizer.
    return (token) => probabilities.get(token as Token) ?? 0;
  }

  private async reevaluatePrefix(prefix: readonly Token[]): Promise<void> {
    await this.rewindTo(0);
    await this.sequence.controlledEvaluate([...prefix]);
  }

  private async rewindTo(length: number): Promise<void> {
    const end = this.sequence.nextTokenIndex;
    if (end > length) await this.sequence.eraseContextTokenRanges([{ start: length, end }]);
  }

  private tokenText(token: Token | null): string | null {
    if (token === null) return null;
    const tokens = this.header.metadata.get('tokenizer.ggml.tokens');
    const text = Array.isArray(tokens) ? tokens[token] : undefined;
    return typeof text === 'string' ? text : this.model.detokenize([token], true);
  }

  private exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(operation, operation);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function sharedLength(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
