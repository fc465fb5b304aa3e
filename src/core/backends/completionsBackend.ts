import * as z from 'zod';
import { ModelCallError } from '../model/modelError';
import { type Usage, addUsage } from '../runs/resultLine';
import { AlignmentError, continuationOf } from './continuation';
import { type ItemLogprobs, LogprobsUnusableError, type ReferenceLogprobs } from './logprobBackend';
import { ServerLogprobBackend } from './serverBackend';
import { type McTemplate, type RenderedTemplate, renderMcTemplate } from './mcPromptTemplate';
import { nullableNumberArray, numberArray, stringArray } from './plainArrays';
import { type ServerClient } from './serverClient';

const CompletionReplySchema = z.looseObject({
  choices: z.array(
    z.looseObject({
      index: z.number().int().nonnegative().optional(),
      text: z.string().nullish(),
      logprobs: z
        .looseObject({
          tokens: stringArray.nullish(),
          token_logprobs: nullableNumberArray.nullish(),
          text_offset: numberArray.nullish(),
        })
        .nullish(),
    }),
  ),
  usage: z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
});
type CompletionChoice = z.infer<typeof CompletionReplySchema>['choices'][number];

/** What the server accepts, learned from its first answers and recorded in run.json; null while unknown. */
export interface CompletionsRequestShape {
  /** Several prompts in one request. */
  readonly promptList: boolean | null;
  /** 0 when the server scores the prompt alone; 1 when it refuses 0 (the one generated token is ignored). */
  readonly maxTokens: 0 | 1 | null;
}

/**
 * Scores references through /v1/completions with echo=true, logprobs=1 and max_tokens 0: every reference
 * of an item in one request when the server takes a prompt list. A 400 while the shape is still unknown
 * makes it try max_tokens 1 (when the error names max_tokens), then one prompt per request; the shape
 * that first succeeds is kept for every later item.
 */
export class CompletionsBackend extends ServerLogprobBackend {
  override readonly name = 'completions' as const;
  private promptList: boolean | null;
  private maxTokens: 0 | 1 | null;

  constructor(
    client: ServerClient,
    private readonly model: string,
    private readonly template: McTemplate,
    shape: CompletionsRequestShape,
  ) {
    super(client);
    this.promptList = shape.promptList;
    this.maxTokens = shape.maxTokens;
  }

  /** What was learned about the server, for run.json. */
  learned(): CompletionsRequestShape {
    return { promptList: this.promptList, maxTokens: this.maxTokens };
  }

  async score(prompt: string, references: readonly string[], signal: AbortSignal): Promise<ItemLogprobs> {
    const rendered = references.map((reference) => renderMcTemplate(this.template, prompt, reference));
    const tally = { requests: 0 };
    // Fallbacks are tried for this item only; what worked becomes the shape for later items.
    let list = this.promptList !== false && rendered.length > 1;
    let maxTokens: 0 | 1 = this.maxTokens ?? 0;
    let fellBackFromList = false;
    for (;;) {
      try {
        let usage: Usage | null = null;
        const choices: (CompletionChoice | undefined)[] = [];
        for (const batch of list ? [rendered] : rendered.map((r) => [r])) {
          const reply = await this.request(batch, maxTokens, signal, tally);
          usage = addUsage(
            usage,
            reply.usage ? { promptTokens: reply.usage.prompt_tokens, completionTokens: reply.usage.completion_tokens } : null,
          );
          choices.push(...inPromptOrder(reply.choices, batch.length));
        }
        const references = rendered.map((r, i) => this.referenceLogprobs(r, choices[i], i));
        if (list) this.promptList = true;
        else if (fellBackFromList) this.promptList = false;
        this.maxTokens = maxTokens;
        return { references, usage, requests: tally.requests };
      } catch (error) {
        if (!(error instanceof ModelCallError) || error.kind !== 'bad-request') throw error;
        if (this.maxTokens === null && maxTokens === 0 && (/max_tokens/i.test(error.message) || !list)) {
          maxTokens = 1;
        } else if (this.promptList === null && list) {
          list = false;
          fellBackFromList = true;
        } else {
          throw error;
        }
      }
    }
  }

  private request(
    batch: readonly RenderedTemplate[],
    maxTokens: number,
    signal: AbortSignal,
    tally: { requests: number },
  ): Promise<z.infer<typeof CompletionReplySchema>> {
    const prompt = batch.length === 1 ? (batch[0]?.text ?? '') : batch.map((r) => r.text);
    return this.client.post(
      '/completions',
      { model: this.model, prompt, echo: true, logprobs: 1, max_tokens: maxTokens },
      CompletionReplySchema,
      signal,
      tally,
    );
  }

  private referenceLogprobs(rendered: RenderedTemplate, choice: CompletionChoice | undefined, index: number): ReferenceLogprobs {
    const unusable = (problem: string): LogprobsUnusableError => new LogprobsUnusableError(this.model, this.source, problem);
    const lp = choice?.logprobs;
    if (lp === null || lp === undefined || !Array.isArray(lp.tokens) || !Array.isArray(lp.token_logprobs)) {
      throw unusable(`the reply to /v1/completions with echo=true and logprobs=1 holds no log-probs (choice ${index})`);
    }
    let continuation;
    try {
      continuation = continuationOf(rendered.text, rendered.referenceStart, {
        tokens: lp.tokens,
        logprobs: lp.token_logprobs,
        offsets: lp.text_offset ?? null,
      });
    } catch (error) {
      if (error instanceof AlignmentError) throw unusable(`the echoed tokens do not line up with the prompt sent (${error.message})`);
      throw error;
    }
    if (continuation.logprobs.length === 0) throw unusable('no echoed token starts inside the reference');
    const numbers = continuation.logprobs.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (numbers.length !== continuation.logprobs.length)
      throw unusable('the log-probs of the reference tokens are null where numbers belong');
    return {
      logprob: numbers.reduce((a, b) => a + b, 0),
      tokenLogprobs: numbers,
      straddled: continuation.straddled,
      sent: rendered.text,
      prefixTokens: null,
    };
  }
}

/** Choices ordered by their index (servers may answer a prompt list out of order). */
function inPromptOrder(choices: readonly CompletionChoice[], expected: number): (CompletionChoice | undefined)[] {
  if (choices.length !== expected) {
    throw new ModelCallError('malformed', `the server answered ${expected} prompts with ${choices.length} choices`, undefined, undefined);
  }
  const ordered: (CompletionChoice | undefined)[] = new Array<CompletionChoice | undefined>(expected).fill(undefined);
  choices.forEach((choice, position) => {
    ordered[choice.index ?? position] = choice;
  });
  return ordered;
}
