import { type ChatClient, type ChatMessage, type ChatParams } from '../model/chatClient';
import { ModelCallError, classifyModelError } from '../model/modelError';
import { type ItemError, type Usage } from '../runs/resultLine';

export interface JudgeSettings {
  readonly client: ChatClient;
  readonly model: string;
  readonly params: ChatParams;
  /** The reply as a verdict, by the benchmark's rule (src/core/benchmarks/<id>/). */
  readonly parseVerdict: (reply: string) => boolean | null;
}

export type JudgeAnswer =
  | {
      readonly kind: 'verdict';
      readonly reply: string;
      readonly verdict: boolean | null;
      readonly usage: Usage | null;
      readonly cached: boolean;
    }
  | { readonly kind: 'error'; readonly error: ItemError };

/**
 * One ask of a benchmark's LLM judge, its reply parsed by the benchmark's rule. A failed call or a content-filter refusal
 * comes back as an error of stage "judge"; only cancellation throws. sampleIndex keeps repeated asks of the
 * same prompt apart in the response cache.
 */
export async function askJudge(
  judge: JudgeSettings,
  messages: readonly ChatMessage[],
  signal: AbortSignal,
  sampleIndex?: number,
): Promise<JudgeAnswer> {
  try {
    const outcome = await judge.client.complete(
      { model: judge.model, messages, params: judge.params, ...(sampleIndex !== undefined ? { sampleIndex } : {}) },
      signal,
    );
    if (outcome.kind === 'refused') return { kind: 'error', error: { stage: 'judge', kind: 'content-filter', message: outcome.message } };
    return {
      kind: 'verdict',
      reply: outcome.reply.content,
      verdict: judge.parseVerdict(outcome.reply.content),
      usage: outcome.reply.usage,
      cached: outcome.cached,
    };
  } catch (error) {
    const classified = classifyModelError(error, []);
    if (classified.kind === 'cancelled' || signal.aborted) throw new ModelCallError('cancelled', 'cancelled', undefined, undefined);
    return { kind: 'error', error: { stage: 'judge', kind: classified.kind, message: classified.message } };
  }
}
