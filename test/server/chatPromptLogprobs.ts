// vLLM's prompt_logprobs on /v1/chat/completions: the log-probs of the tokens of the conversation as the
// chat template renders it (add_generation_prompt as asked, default true).
import { renderChat } from './tokenizeRoute';
import { tokenId, tokenize, tokenLogprobs } from './tokenizer';
import type { ChatRequestInfo, CompletionsOptions } from './types';

type PromptLogprobs = (Record<string, { logprob: number | null; rank: number; decoded_token: string }> | null)[];

/**
 * One entry per token of the rendered conversation, the first null; each entry holds only the token
 * itself (prompt_logprobs 0). completions.logprobsMode applies: 'none' sends no prompt_logprobs, 'nulls'
 * sends null logprobs, 'constant' sends -1 for every token.
 */
export function chatPromptLogprobs(req: ChatRequestInfo, opts: CompletionsOptions): PromptLogprobs | undefined {
  const mode = opts.logprobsMode ?? 'normal';
  if (mode === 'none') return undefined;
  const tokens = tokenize(renderChat(req.messages, req.body.add_generation_prompt ?? true));
  const lps = tokenLogprobs(tokens);
  return tokens.map((tok, i) => {
    if (i === 0) return null;
    const logprob = mode === 'nulls' ? null : mode === 'constant' ? -1 : (lps[i] ?? null);
    return { [String(tokenId(tok))]: { logprob, rank: 1, decoded_token: tok } };
  });
}

/** Adds the top-level prompt_logprobs vLLM sends when the request asks for them. */
export function withChatPromptLogprobs(
  req: ChatRequestInfo,
  body: Record<string, unknown>,
  opts: CompletionsOptions,
): Record<string, unknown> {
  if (req.body.prompt_logprobs === null || req.body.prompt_logprobs === undefined) return body;
  const promptLogprobs = chatPromptLogprobs(req, opts);
  return promptLogprobs === undefined ? body : { ...body, prompt_logprobs: promptLogprobs };
}
