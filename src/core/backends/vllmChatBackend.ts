import * as z from 'zod';
import { type Usage, addUsage } from '../runs/resultLine';
import { type ItemLogprobs, LogprobsUnusableError, type ReferenceLogprobs } from './logprobBackend';
import { ServerLogprobBackend } from './serverBackend';
import { type ServerClient } from './serverClient';

const TokenizeReplySchema = z.looseObject({ count: z.number().int().nonnegative(), tokens: z.array(z.number().int()).optional() });

const PromptLogprobsSchema = z.array(z.record(z.string(), z.looseObject({ logprob: z.number().nullable() })).nullable());

const ChatReplySchema = z.looseObject({
  prompt_logprobs: PromptLogprobsSchema.nullish(),
  choices: z.array(z.looseObject({ prompt_logprobs: PromptLogprobsSchema.nullish() })).optional(),
  usage: z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
});

type Message = { readonly role: 'user' | 'assistant'; readonly content: string };

/** vLLM serves /tokenize beside /v1, at the server's root. */
export function tokenizeUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')}/tokenize`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

/**
 * The official method on a vLLM server: /chat/completions renders [user: prompt, assistant: reference]
 * with the model's chat template and no generation prompt, and returns prompt_logprobs; the prefix is
 * [user: prompt] with the generation prompt, its length from /tokenize; every later token is summed,
 * the closing end-of-turn tokens included. One /tokenize per item, one chat request per reference.
 */
export class VllmChatBackend extends ServerLogprobBackend {
  override readonly name = 'vllm-chat' as const;

  constructor(
    client: ServerClient,
    private readonly model: string,
  ) {
    super(client);
  }

  async score(prompt: string, references: readonly string[], signal: AbortSignal): Promise<ItemLogprobs> {
    const tally = { requests: 0 };
    const user: Message = { role: 'user', content: prompt };
    const prefix = await this.tokenize([user], true, signal, tally);
    let usage: Usage | null = null;
    const scored: ReferenceLogprobs[] = [];
    for (const reference of references) {
      const messages: Message[] = [user, { role: 'assistant', content: reference }];
      const reply = await this.client.post(
        '/chat/completions',
        {
          model: this.model,
          messages,
          add_generation_prompt: false,
          continue_final_message: false,
          prompt_logprobs: 0,
          max_tokens: 1,
          temperature: 0,
        },
        ChatReplySchema,
        signal,
        tally,
      );
      usage = addUsage(
        usage,
        reply.usage ? { promptTokens: reply.usage.prompt_tokens, completionTokens: reply.usage.completion_tokens } : null,
      );
      const logprobs = await this.continuation(reply, messages, prefix.count, signal, tally);
      scored.push({
        logprob: logprobs.reduce((a, b) => a + b, 0),
        tokenLogprobs: logprobs,
        straddled: false,
        sent: null,
        prefixTokens: prefix.count,
      });
    }
    return { references: scored, usage, requests: tally.requests };
  }

  private async continuation(
    reply: z.infer<typeof ChatReplySchema>,
    messages: readonly Message[],
    prefix: number,
    signal: AbortSignal,
    tally: { requests: number },
  ): Promise<number[]> {
    const unusable = (problem: string): LogprobsUnusableError => new LogprobsUnusableError(this.model, this.source, problem);
    const all = reply.prompt_logprobs ?? reply.choices?.[0]?.prompt_logprobs;
    if (all === null || all === undefined)
      throw unusable('the reply to /v1/chat/completions with prompt_logprobs holds no prompt_logprobs');
    if (all.length <= prefix) throw unusable(`the conversation has ${all.length} prompt tokens, no more than its prefix's ${prefix}`);
    let ids: readonly number[] | undefined;
    const out: number[] = [];
    for (let at = prefix; at < all.length; at++) {
      const entry = all[at];
      if (entry === null || entry === undefined) throw unusable(`prompt_logprobs[${at}] is null where a number belongs`);
      const candidates = Object.entries(entry);
      let value: number | null | undefined;
      if (candidates.length === 1) {
        value = candidates[0]?.[1].logprob;
      } else {
        // More than the prompt token itself: pick it by its id in the conversation's tokenization.
        ids ??= (await this.tokenize(messages, false, signal, tally)).tokens;
        const id = ids?.[at];
        value = id === undefined ? undefined : entry[String(id)]?.logprob;
      }
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw unusable(`the log-prob of prompt token ${at} is ${String(value)} where a number belongs`);
      out.push(value);
    }
    return out;
  }

  private tokenize(
    messages: readonly Message[],
    addGenerationPrompt: boolean,
    signal: AbortSignal,
    tally: { requests: number },
  ): Promise<z.infer<typeof TokenizeReplySchema>> {
    const body = { model: this.model, messages, add_generation_prompt: addGenerationPrompt };
    return this.client.post(tokenizeUrl(this.client.endpoint.baseUrl), body, TokenizeReplySchema, signal, tally);
  }
}
