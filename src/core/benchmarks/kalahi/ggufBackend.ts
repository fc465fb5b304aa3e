import * as z from 'zod';
import { type GgufClient } from '../../runtimes/gguf/ggufClient';
import { GgufFileRecordSchema } from '../../runtimes/gguf/ggufRecord';
import { GgufChoiceSchema, GgufRuntimeRecordSchema, type OpenedGgufFile } from '../../runtimes/gguf/openModelFile';
import { type TextSource } from '../../runtimes/gguf/runtimeProtocol';
import { UserError } from '../../util/errors';
import { type KalahiItem } from './dataset';
import { type ItemLogprobs, type LogprobBackend, type ReferenceLogprobs } from '../../backends/logprobBackend';
import { DEFAULT_MC_TEMPLATE, parseMcTemplate, renderMcTemplate } from '../../backends/mcPromptTemplate';
import { allReferences, kalahiReferences } from './references';

/** run.json's record of a local model: what was asked, the file, and how llama.cpp ran it. */
export const KalahiLocalSettingsSchema = z.object({
  choice: GgufChoiceSchema,
  file: GgufFileRecordSchema,
  runtime: GgufRuntimeRecordSchema,
  chatTemplate: z.enum(['gguf', 'none: plain continuation']),
});
export type KalahiLocalSettings = z.infer<typeof KalahiLocalSettingsSchema>;

const FALLBACK_TEMPLATE = parseMcTemplate(DEFAULT_MC_TEMPLATE, 'the default template');

interface Rendered {
  readonly prefix: TextSource;
  readonly full: readonly TextSource[];
  /** The texts scored when the GGUF has no chat template (recorded as `sent`), else null. */
  readonly plain: readonly string[] | null;
}

/**
 * Kalahi MC from a GGUF model in its runtime process: the model's chat template renders the prefix
 * [user: prompt] with the generation prompt and [user: prompt, assistant: reference] without it; every
 * token after the prefix's is scored, the prefix evaluated once. Without a chat template: prompt, newline,
 * reference. Rendering, tokenizing and scoring an item are one request to the runtime.
 */
export class GgufBackend implements LogprobBackend {
  readonly name = 'gguf' as const;
  readonly counter: { requestsSent: number; onRequest?: (() => void) | undefined } = { requestsSent: 0 };

  constructor(private readonly model: GgufClient) {}

  get source(): string {
    return `from ${this.model.fileName}`;
  }

  async score(prompt: string, references: readonly string[], signal: AbortSignal): Promise<ItemLogprobs> {
    const rendered = this.render(prompt, references);
    const scored = await this.model.score(rendered.prefix, rendered.full, signal);
    this.counter.requestsSent += 1;
    this.counter.onRequest?.();
    const out: ReferenceLogprobs[] = scored.map((s, i) => ({
      logprob: s.logprobs.reduce((a, b) => a + b, 0),
      tokenLogprobs: s.logprobs,
      straddled: false,
      sent: rendered.plain === null ? null : (rendered.plain[i] ?? null),
      prefixTokens: s.scoredFrom,
      local: { tokens: s.tokens, scoredFrom: s.scoredFrom, underflowed: s.underflowed },
    }));
    const prefixLength = scored[0]?.scoredFrom ?? 0;
    return {
      references: out,
      usage: { promptTokens: scored.reduce((n, s) => n + s.tokens.length - s.scoredFrom, prefixLength), completionTokens: 0 },
      requests: 1,
    };
  }

  /** Throws, before anything is written, when an item's longest prompt+reference does not fit the context. */
  async checkFits(items: readonly KalahiItem[], appendPeriod: boolean, openTokens: number | null, signal?: AbortSignal): Promise<void> {
    const rendered = items.map((item) => this.render(item.record.prompt, allReferences(kalahiReferences(item, appendPeriod))));
    // Every item's texts in one request: [prefix, ...full] per item.
    const lengths = await this.model.measure(
      rendered.flatMap((r) => [r.prefix, ...r.full]),
      signal,
    );
    let longest = { tokens: 0, itemId: '' };
    let at = 0;
    items.forEach((item, i) => {
      const count = (rendered[i]?.full.length ?? 0) + 1;
      const [prefix = 0, ...full] = lengths.slice(at, at + count);
      at += count;
      if (openTokens !== null) full.push(prefix + openTokens);
      const most = Math.max(...full);
      if (most > longest.tokens) longest = { tokens: most, itemId: item.id };
    });
    if (longest.tokens > this.model.contextSize) {
      const what = openTokens === null ? 'prompt and reference' : `prompt and reference (or prompt and ${openTokens} new tokens)`;
      throw new UserError(
        `${this.model.fileName}: item ${longest.itemId} needs ${longest.tokens} tokens (${what}), more than the context of ${this.model.contextSize}: give --context ${longest.tokens} or more`,
      );
    }
  }

  private render(prompt: string, references: readonly string[]): Rendered {
    const user = { role: 'user' as const, content: prompt };
    if (!this.model.hasTemplate) {
      const full = references.map((reference) => renderMcTemplate(FALLBACK_TEMPLATE, prompt, reference));
      const prefix = full[0]?.text.slice(0, full[0].referenceStart) ?? `${prompt}\n`;
      return {
        prefix: { kind: 'text', text: prefix },
        full: full.map((r) => ({ kind: 'text', text: r.text })),
        plain: full.map((r) => r.text),
      };
    }
    return {
      prefix: { kind: 'chat', messages: [user], addGenerationPrompt: true },
      full: references.map((reference) => ({
        kind: 'chat',
        messages: [user, { role: 'assistant', content: reference }],
        addGenerationPrompt: false,
      })),
      plain: null,
    };
  }
}

export function kalahiLocalSettings(opened: OpenedGgufFile, choice: KalahiLocalSettings['choice']): KalahiLocalSettings {
  return {
    choice,
    file: opened.file,
    runtime: opened.runtime,
    chatTemplate: opened.model.hasTemplate ? 'gguf' : 'none: plain continuation',
  };
}
