// Builds chat completion responses.
import type { ChatBody } from './schemas';
import { countTokens, tokenize } from './tokenizer';
import type { ChatMessageInfo, ChatRequestInfo, ContentReply, FinishReason } from './types';

export function messagesInfo(messages: ChatBody['messages']): ChatMessageInfo[] {
  return messages.map((m) => ({
    role: m.role,
    content:
      typeof m.content === 'string' ? m.content : (m.content ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join(''),
  }));
}

export function lastUserText(messages: readonly ChatMessageInfo[]): string {
  return messages.findLast((m) => m.role === 'user')?.content ?? '';
}

/** Prompt tokens: 3 per message plus its role and content tokens, plus 3 for the reply's priming. */
export function promptTokenCount(messages: readonly ChatMessageInfo[]): number {
  return messages.reduce((n, m) => n + 3 + countTokens(m.role) + countTokens(m.content), 3);
}

/** Cuts content to max tokens; finish reason 'length' when it was cut. */
export function applyMaxTokens(
  content: string | null,
  finish: FinishReason,
  maxTokens: number | null | undefined,
): { content: string | null; finish: FinishReason; completionTokens: number } {
  if (content === null) return { content, finish, completionTokens: 0 };
  const tokens = tokenize(content);
  if (maxTokens !== null && maxTokens !== undefined && tokens.length > maxTokens) {
    return { content: tokens.slice(0, maxTokens).join(''), finish: 'length', completionTokens: maxTokens };
  }
  return { content, finish, completionTokens: tokens.length };
}

export function chatCompletionBody(
  req: ChatRequestInfo,
  reply: ContentReply,
  id: string,
  opts: { emptyChoices?: boolean } = {},
): Record<string, unknown> {
  const maxTokens = req.body.max_completion_tokens ?? req.body.max_tokens;
  const cut = applyMaxTokens(reply.content, reply.finishReason ?? 'stop', maxTokens);
  const promptTokens = promptTokenCount(req.messages);
  const fingerprint = reply.systemFingerprint === undefined ? 'fp_test' : reply.systemFingerprint;
  return {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: reply.model ?? req.model,
    ...(fingerprint === null ? {} : { system_fingerprint: fingerprint }),
    choices: opts.emptyChoices
      ? []
      : [
          {
            index: 0,
            message: { role: 'assistant', content: cut.content, refusal: null, annotations: [] },
            logprobs: null,
            finish_reason: cut.finish,
          },
        ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: cut.completionTokens,
      total_tokens: promptTokens + cut.completionTokens,
    },
  };
}
