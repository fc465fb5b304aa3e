import { type ChatCompleter, type ChatMessage, type ChatOutcome, type ChatRequest } from '../../model/chatClient';
import { sha256Hex } from '../../util/hash';
import { type GgufClient } from './ggufClient';
import { type TextSource } from './runtimeProtocol';

/** Default for a request without max tokens: the paper's open-ended setting. */
export const GGUF_DEFAULT_MAX_TOKENS = 256;

/** Seed of a run that names none: what run.json records when the user gave no --seed. */
export const DEFAULT_GGUF_SEED = 0;

/**
 * Chat answers from a GGUF model in its runtime process: the messages rendered by the model's chat
 * template with the generation prompt (without a template: the messages' texts, one per line), decoded
 * with the request's temperature (none or 0: greedy), top-p (none: 1) and max tokens, in one request to
 * the runtime. Each request's seed comes from the run's seed and the request itself (messages, sample
 * index), so an item answers the same in a rerun or a resume whatever order the items run in, and a
 * re-ask (sampleIndex) draws anew.
 */
export class GgufChat implements ChatCompleter {
  requestsSent = 0;
  onRequest: (() => void) | undefined;

  constructor(
    private readonly model: GgufClient,
    readonly seed: number = DEFAULT_GGUF_SEED,
  ) {}

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatOutcome> {
    const started = performance.now();
    this.requestsSent += 1;
    this.onRequest?.();
    const prompt = chatPromptSource(this.model, request.messages);
    const options = {
      maxTokens: request.params.maxTokens ?? GGUF_DEFAULT_MAX_TOKENS,
      temperature: request.params.temperature ?? 0,
      topP: request.params.topP ?? 1,
      seed: requestSeed(this.seed, request),
    };
    const answer = await this.model.generate(prompt, options, signal ?? new AbortController().signal);
    return {
      kind: 'reply',
      reply: {
        content: answer.text,
        finishReason: answer.finishReason,
        usage: { promptTokens: answer.promptTokens, completionTokens: answer.tokens },
        servedModel: null,
        systemFingerprint: null,
      },
      cached: false,
      attempts: 1,
      latencyMs: Math.round(performance.now() - started),
    };
  }
}

/** What a chat request becomes: the chat template's rendering with the generation prompt; without a template, the messages' texts, one per line. */
export function chatPromptSource(model: GgufClient, messages: readonly ChatMessage[]): TextSource {
  return model.hasTemplate
    ? { kind: 'chat', messages: messages.map((m) => ({ role: m.role, content: m.content })), addGenerationPrompt: true }
    : { kind: 'text', text: `${messages.map((m) => m.content).join('\n')}\n` };
}

/** A request's 32-bit seed: the first four bytes of a sha256 over the run's seed, the messages and the sample index. */
export function requestSeed(seed: number, request: ChatRequest): number {
  const digest = sha256Hex(JSON.stringify([seed, request.messages, request.sampleIndex ?? 0]));
  return Number.parseInt(digest.slice(0, 8), 16);
}
