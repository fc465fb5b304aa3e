import { basename } from 'node:path';
import { UserError, errorMessage } from '../../util/errors';
import { sha256Hex } from '../../util/hash';
import { ChatTemplate, type TemplateMessage } from './chatTemplate';
import { type GgufHeader, metadataBoolean, metadataNumber, metadataString } from './ggufFile';
import { readHeaderOrExplain } from './ggufErrors';
import { type GgufFileRecord, type GgufRuntimeRecord, fileTypeName } from './ggufRecord';
import { generateTokens } from './llamaGenerate';
import { type LoadedLlama, loadLlama } from './llamaLoad';
import { type ScoredSequence, scoreAfterPrefix } from './prefixScoring';
import { type GenerateOptions } from './sampling';

export { type ScoredSequence, UNDERFLOW_LOGPROB } from './prefixScoring';

export interface GgufLoadOptions {
  readonly path: string;
  /** "auto", or how many layers to offload to the GPU (0: CPU only). */
  readonly gpuLayers: 'auto' | number;
  /** Context size in tokens; null: the model's training context, at most 4096. */
  readonly contextSize: number | null;
  /** null: the default (defaultThreads: half the cores). */
  readonly threads: number | null;
  /** Folders holding a node_modules with node-llama-cpp and koffi (the extension's storage). */
  readonly runtimeDirs?: readonly string[];
}

const DEFAULT_MAX_CONTEXT = 4096;

/**
 * A GGUF model loaded once with llama.cpp, called through its C API (koffi): node-llama-cpp only picks
 * and loads the prebuilt binary for this machine. One context; operations run one at a time.
 */
export class GgufModel {
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;
  readonly template: ChatTemplate | null;
  readonly runtime: GgufRuntimeRecord;

  private constructor(
    readonly path: string,
    readonly header: GgufHeader,
    private readonly llama: LoadedLlama,
  ) {
    this.runtime = llama.record;
    const source = metadataString(header, 'tokenizer.chat_template');
    const tokens = { bosToken: this.tokenText(llama.vocab.bos), eosToken: this.tokenText(llama.vocab.eos) };
    try {
      this.template = source === null ? null : new ChatTemplate(source, tokens);
    } catch (error) {
      this.release();
      throw new UserError(`${basename(path)}: ${errorMessage(error)}`);
    }
  }

  static async open(options: GgufLoadOptions): Promise<GgufModel> {
    const header = await readHeaderOrExplain(options.path);
    const architecture = metadataString(header, 'general.architecture') ?? 'unknown';
    const trained = metadataNumber(header, `${architecture}.context_length`);
    const llama = await loadLlama({
      path: options.path,
      architecture,
      gpuLayers: options.gpuLayers,
      contextSize: options.contextSize ?? Math.min(trained ?? DEFAULT_MAX_CONTEXT, DEFAULT_MAX_CONTEXT),
      threads: options.threads,
      runtimeDirs: options.runtimeDirs ?? [],
    });
    return new GgufModel(options.path, header, llama);
  }

  get fileName(): string {
    return basename(this.path);
  }

  get contextSize(): number {
    return this.llama.session.contextSize;
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
      bosToken: this.tokenText(this.llama.vocab.bos),
      eosToken: this.tokenText(this.llama.vocab.eos),
      addBosToken: metadataBoolean(h, 'tokenizer.ggml.add_bos_token'),
    };
  }

  /**
   * The rendered text as token ids: special tokens in it parsed as special tokens; BOS prepended when the
   * vocabulary asks for it and the text does not already begin with it (a template that renders
   * bos_token itself must not get a second one).
   */
  tokenize(text: string): { readonly tokens: number[]; readonly bos: 'template' | 'vocabulary' | 'none' } {
    const vocab = this.llama.vocab;
    const tokens = vocab.tokenize(text);
    const bos = vocab.bos;
    if (bos !== null && tokens[0] === bos) return { tokens, bos: 'template' };
    if (bos !== null && vocab.addsBos) return { tokens: [bos, ...tokens], bos: 'vocabulary' };
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
   * Log-probs of each continuation's tokens after the prefix, every one from the softmax over the whole
   * vocabulary (float32 logits, float64 log-sum-exp): see prefixScoring.ts for how the decodes are shared.
   */
  scoreAfterPrefix(prefix: readonly number[], sequences: readonly (readonly number[])[], signal: AbortSignal): Promise<ScoredSequence[]> {
    return this.exclusive(async () => {
      this.checkFits(Math.max(prefix.length, ...sequences.map((s) => s.length)));
      return scoreAfterPrefix(this.llama.session, prefix, sequences, signal);
    });
  }

  /** The least llama.cpp does for the same tokens as scoreAfterPrefix: the same decodes and output rows, nothing read back (benchmarks). */
  evaluateOnly(prefix: readonly number[], sequences: readonly (readonly number[])[]): Promise<void> {
    return this.exclusive(async () => {
      await scoreAfterPrefix(this.llama.session, prefix, sequences, new AbortController().signal, false);
    });
  }

  /** Decodes until an end-of-generation token or maxTokens: greedy at temperature 0, else llama.cpp's top-p, temperature, seeded draw (no top-k). */
  generate(
    prompt: readonly number[],
    options: GenerateOptions,
    signal: AbortSignal,
  ): Promise<{ readonly text: string; readonly tokens: number; readonly finishReason: 'stop' | 'length' }> {
    return this.exclusive(async () => {
      const needed = prompt.length + options.maxTokens;
      if (needed > this.contextSize)
        throw new UserError(
          `${this.fileName}: ${prompt.length} prompt tokens and ${options.maxTokens} new ones do not fit the context of ${this.contextSize}: give a larger --context`,
        );
      if (prompt.length === 0) throw new Error('an empty prompt has no next-token distribution');
      const out = await generateTokens(this.llama.session, this.llama.vocab, prompt, options, signal);
      return { text: this.llama.vocab.detokenize(out.tokens), tokens: out.tokens.length, finishReason: out.finishReason };
    });
  }

  async dispose(): Promise<void> {
    await this.queue.catch(() => undefined);
    this.release();
  }

  private release(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.llama.session.dispose();
    this.llama.runtime.api.llama_model_free(this.llama.model);
  }

  private checkFits(longest: number): void {
    if (longest > this.contextSize)
      throw new UserError(`${this.fileName}: ${longest} tokens do not fit the context of ${this.contextSize}: give a larger --context`);
  }

  private tokenText(token: number | null): string | null {
    if (token === null) return null;
    const tokens = this.header.metadata.get('tokenizer.ggml.tokens');
    const text = Array.isArray(tokens) ? tokens[token] : undefined;
    return typeof text === 'string' ? text : this.llama.vocab.detokenize([token], true);
  }

  private exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => {
      if (this.disposed) throw new Error(`${this.fileName}: the model was disposed`);
      return operation();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
