import { type ChatCompleter, type ChatOutcome, type ChatRequest } from '../../model/chatClient';
import { type GgufModel } from './ggufModel';

/** Default for a request without max tokens: the paper's open-ended setting. */
const DEFAULT_MAX_TOKENS = 256;

/**
 * Chat answers from a GGUF model in-process: the messages rendered by the model's chat template with
 * the generation prompt (without a template: the messages' texts, one per line), greedy decoding until
 * an end-of-generation token or the request's max tokens. Temperature and top-p are not used: greedy only.
 */
export class GgufChat implements ChatCompleter {
  requestsSent = 0;

  constructor(private readonly model: GgufModel) {}

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatOutcome> {
    const started = performance.now();
    this.requestsSent += 1;
    const rendered = this.model.render(request.messages, true) ?? `${request.messages.map((m) => m.content).join('\n')}\n`;
    const prompt = this.model.tokenize(rendered).tokens;
    const answer = await this.model.generate(prompt, request.params.maxTokens ?? DEFAULT_MAX_TOKENS, signal ?? new AbortController().signal);
    return {
      kind: 'reply',
      reply: {
        content: answer.text,
        finishReason: answer.finishReason,
        usage: { promptTokens: prompt.length, completionTokens: answer.tokens },
        servedModel: null,
        systemFingerprint: null,
      },
      cached: false,
      attempts: 1,
      latencyMs: Math.round(performance.now() - started),
    };
  }
}
