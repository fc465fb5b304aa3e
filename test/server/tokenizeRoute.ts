// vLLM's POST /tokenize.
import type { TokenizeBody } from './schemas';
import { tokenId, tokenize } from './tokenizer';

/** The chat template the test server pretends to use: "<|role|>\ncontent<|end|>\n" per message. */
export function renderChat(messages: readonly { role: string; content: string }[], addGenerationPrompt: boolean): string {
  return messages.map((m) => `<|${m.role}|>\n${m.content}<|end|>\n`).join('') + (addGenerationPrompt ? '<|assistant|>\n' : '');
}

export function tokenizeBody(
  body: TokenizeBody,
  messages: readonly { role: string; content: string }[] | null,
  maxModelLen: number,
): Record<string, unknown> {
  const text = messages === null ? (body.prompt ?? '') : renderChat(messages, body.add_generation_prompt === true);
  const strs = tokenize(text);
  return {
    count: strs.length,
    max_model_len: maxModelLen,
    tokens: strs.map(tokenId),
    ...(body.return_token_strs === true ? { token_strs: strs } : {}),
  };
}
