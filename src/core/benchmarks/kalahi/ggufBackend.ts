import * as z from 'zod';
import { type GgufModel } from '../../runtimes/gguf/ggufModel';
import { GgufFileRecordSchema } from '../../runtimes/gguf/ggufRecord';
import { GgufChoiceSchema, GgufRuntimeRecordSchema, type OpenedGgufFile } from '../../runtimes/gguf/openModelFile';
import { UserError } from '../../util/errors';
import { type KalahiItem } from './dataset';
import { type ItemLogprobs, type LogprobBackend, type ReferenceLogprobs } from './logprobBackend';
import { DEFAULT_MC_TEMPLATE, parseMcTemplate, renderMcTemplate } from './promptTemplate';
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
  readonly prefix: string;
  readonly full: readonly string[];
}

/**
 * Kalahi MC from a GGUF model in-process: the model's chat template renders the prefix [user: prompt]
 * with the generation prompt and [user: prompt, assistant: reference] without it; every token after the
 * prefix's is scored, the prefix evaluated once. Without a chat template: prompt, newline, reference.
 */
export class GgufBackend implements LogprobBackend {
  readonly name = 'gguf' as const;
  readonly counter = { requestsSent: 0 };

  constructor(private readonly model: GgufModel) {}

  get source(): string {
    return `from ${this.model.fileName}`;
  }

  async score(prompt: string, references: readonly string[], signal: AbortSignal): Promise<ItemLogprobs> {
    const rendered = this.render(prompt, references);
    const prefix = this.model.tokenize(rendered.prefix).tokens;
    const full = rendered.full.map((text) => this.model.tokenize(text).tokens);
    const scored = await this.model.scoreAfterPrefix(prefix, full, signal);
    this.counter.requestsSent += 1;
    const out: ReferenceLogprobs[] = scored.map((s) => ({
      logprob: s.logprobs.reduce((a, b) => a + b, 0),
      tokenLogprobs: s.logprobs,
      straddled: false,
      sent: this.model.template === null ? (rendered.full[scored.indexOf(s)] ?? null) : null,
      prefixTokens: s.scoredFrom,
      local: { tokens: s.tokens, scoredFrom: s.scoredFrom, underflowed: s.underflowed },
    }));
    return { references: out, usage: { promptTokens: scored.reduce((n, s) => n + s.tokens.length - s.scoredFrom, prefix.length), completionTokens: 0 }, requests: 1 };
  }

  /** Throws, before anything is written, when an item's longest prompt+reference does not fit the context. */
  checkFits(items: readonly KalahiItem[], appendPeriod: boolean, openTokens: number | null): void {
    let longest = { tokens: 0, itemId: '' };
    for (const item of items) {
      const rendered = this.render(item.record.prompt, allReferences(kalahiReferences(item, appendPeriod)));
      const lengths = rendered.full.map((text) => this.model.tokenize(text).tokens.length);
      if (openTokens !== null) lengths.push(this.model.tokenize(rendered.prefix).tokens.length + openTokens);
      const most = Math.max(...lengths);
      if (most > longest.tokens) longest = { tokens: most, itemId: item.id };
    }
    if (longest.tokens > this.model.contextSize) {
      const what = openTokens === null ? 'prompt and reference' : `prompt and reference (or prompt and ${openTokens} new tokens)`;
      throw new UserError(
        `${this.model.fileName}: item ${longest.itemId} needs ${longest.tokens} tokens (${what}), more than the context of ${this.model.contextSize}: give --context ${longest.tokens} or more`,
      );
    }
  }

  private render(prompt: string, references: readonly string[]): Rendered {
    const user = { role: 'user' as const, content: prompt };
    const prefix = this.model.render([user], true);
    if (prefix === null) {
      const full = references.map((reference) => renderMcTemplate(FALLBACK_TEMPLATE, prompt, reference));
      return { prefix: full[0]?.text.slice(0, full[0].referenceStart) ?? `${prompt}\n`, full: full.map((r) => r.text) };
    }
    return { prefix, full: references.map((reference) => this.model.render([user, { role: 'assistant', content: reference }], false) ?? '') };
  }
}

export function kalahiLocalSettings(opened: OpenedGgufFile, choice: KalahiLocalSettings['choice']): KalahiLocalSettings {
  return { choice, file: opened.file, runtime: opened.runtime, chatTemplate: opened.model.template === null ? 'none: plain continuation' : 'gguf' };
}
