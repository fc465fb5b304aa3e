import { basename } from 'node:path';
import { type GgufLoadOptions, type ScoredSequence } from './ggufModel';
import { type GgufFileRecord, GgufFileRecordSchema, type GgufRuntimeRecord } from './ggufRecord';
import { type ModelFacts, type TextSource } from './runtimeProtocol';
import { type GenerateOptions } from './sampling';
import { RuntimeProcess } from './runtimeProcess';
import { type TemplateMessage } from './chatTemplate';

export interface GeneratedText {
  readonly text: string;
  /** New tokens generated. */
  readonly tokens: number;
  readonly promptTokens: number;
  readonly finishReason: 'stop' | 'length';
}

/** Told when opening reaches its next step (for progress: starting the process can take seconds, loading minutes). */
export type OpenStep = 'starting-runtime' | 'loading-model';

/**
 * A GGUF model loaded in a runtime process of its own (see runtimeProcess.ts): GgufModel's operations,
 * asked over IPC. The caller's process never loads llama.cpp. Rendering and tokenizing happen in the
 * runtime, in the same request as the scoring or generation they feed.
 */
export class GgufClient {
  private constructor(
    private readonly runtime: RuntimeProcess,
    readonly path: string,
    private readonly facts: ModelFacts,
  ) {}

  /** Starts a runtime process and loads the model in it; a failure ends that process. */
  static async open(
    options: GgufLoadOptions,
    hooks: { readonly onStep?: (step: OpenStep) => void; readonly signal?: AbortSignal } = {},
  ): Promise<GgufClient> {
    hooks.onStep?.('starting-runtime');
    const runtime = await RuntimeProcess.start(basename(options.path), hooks.signal);
    try {
      hooks.onStep?.('loading-model');
      const { runtimeDirs, ...rest } = options;
      const opened = await runtime.request(
        { type: 'open', options: { ...rest, ...(runtimeDirs !== undefined ? { runtimeDirs: [...runtimeDirs] } : {}) } },
        hooks.signal,
      );
      runtime.modelLoaded(opened.facts.runtime.llamaCpp);
      return new GgufClient(runtime, options.path, opened.facts);
    } catch (error) {
      await runtime.dispose();
      throw error;
    }
  }

  get fileName(): string {
    return this.facts.fileName;
  }

  get contextSize(): number {
    return this.facts.contextSize;
  }

  get vocabularySize(): number {
    return this.facts.vocabularySize;
  }

  /** Whether the GGUF has a chat template (without one, texts are scored as plain continuations). */
  get hasTemplate(): boolean {
    return this.facts.templateSource !== null;
  }

  get templateSource(): string | null {
    return this.facts.templateSource;
  }

  get runtimeRecord(): GgufRuntimeRecord {
    return this.facts.runtime;
  }

  /** The runtime process's id (tests kill it to check what a crash does). */
  get pid(): number | undefined {
    return this.runtime.pid;
  }

  async fileRecord(size: number, sha256: string): Promise<GgufFileRecord> {
    const answer = await this.runtime.request({ type: 'fileRecord', size, sha256 });
    return GgufFileRecordSchema.parse(answer.record);
  }

  async tokenize(text: string): Promise<{ readonly tokens: number[]; readonly bos: 'template' | 'vocabulary' | 'none' }> {
    const { tokens, bos } = await this.runtime.request({ type: 'tokenize', text });
    return { tokens, bos };
  }

  async render(messages: readonly TemplateMessage[], addGenerationPrompt: boolean): Promise<string | null> {
    return (await this.runtime.request({ type: 'render', messages: [...messages], addGenerationPrompt })).text;
  }

  /** How many tokens each source takes, in one round trip. */
  async measure(sources: readonly TextSource[], signal?: AbortSignal): Promise<number[]> {
    return (await this.runtime.request({ type: 'measure', sources: [...sources] }, signal)).lengths;
  }

  /** GgufModel.scoreAfterPrefix on the sources' tokens, rendered and tokenized in the runtime: one round trip. */
  async score(prefix: TextSource, sequences: readonly TextSource[], signal: AbortSignal): Promise<ScoredSequence[]> {
    return (await this.runtime.request({ type: 'score', prefix, sequences: [...sequences] }, signal)).sequences;
  }

  async scoreAfterPrefix(
    prefix: readonly number[],
    sequences: readonly (readonly number[])[],
    signal: AbortSignal,
  ): Promise<ScoredSequence[]> {
    return (await this.runtime.request({ type: 'scoreTokens', prefix: [...prefix], sequences: sequences.map((s) => [...s]) }, signal))
      .sequences;
  }

  async evaluateOnly(prefix: readonly number[], sequences: readonly (readonly number[])[]): Promise<void> {
    await this.runtime.request({ type: 'evaluateOnly', prefix: [...prefix], sequences: sequences.map((s) => [...s]) });
  }

  /** Renders (a chat source) and tokenizes the prompt, then generates, in the runtime: one round trip. */
  async generate(prompt: TextSource, options: GenerateOptions, signal: AbortSignal): Promise<GeneratedText> {
    const { text, tokens, promptTokens, finishReason } = await this.runtime.request({ type: 'generate', prompt, options }, signal);
    return { text, tokens, promptTokens, finishReason };
  }

  /** Frees the model and ends its runtime process. */
  dispose(): Promise<void> {
    return this.runtime.dispose();
  }
}
