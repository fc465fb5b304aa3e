import { type ChatCompleter, type ChatMessage, type ChatParams } from '../../model/chatClient';
import { ModelCallError, classifyModelError } from '../../model/modelError';
import { RuntimeStoppedError } from '../../runtimes/gguf/ggufErrors';
import { canonicalJson, sha256Hex } from '../../util/hash';
import { type ItemError, type ResultLine, type Usage, addUsage } from '../../runs/resultLine';
import { type YokaiEvalItem } from './dataset';
import { fillJudgeTemplate } from './judgePrompt';
import { type Wording, renderQuestionPrompt } from './questionPrompt';
import { parseJudgeVerdict } from './verdict';
import { EndpointFailedError } from '../../model/endpointUnreachable';

export interface YokaiEvalCallSettings {
  readonly model: ChatCompleter;
  readonly modelName: string;
  readonly modelParams: ChatParams;
  readonly systemPrompt: string | null;
  readonly judge: ChatCompleter;
  readonly judgeModelName: string;
  readonly judgeParams: ChatParams;
  readonly judgeTemplate: string;
  readonly wording: Wording;
}

interface OutcomeFields {
  readonly response: string | null;
  readonly judgeReply: string | null;
  readonly judgePrompt: { messages: ChatMessage[] } | null;
  readonly verdict: boolean | null;
  readonly refusal: 'content_filter' | null;
  readonly error: ItemError | null;
}

export function yokaiItemHash(item: YokaiEvalItem): string {
  return sha256Hex(canonicalJson(item.record));
}

export function yokaiModelMessages(item: YokaiEvalItem, wording: Wording, systemPrompt: string | null): ChatMessage[] {
  const user: ChatMessage = { role: 'user', content: renderQuestionPrompt(item.record, wording) };
  return systemPrompt === null ? [user] : [{ role: 'system', content: systemPrompt }, user];
}

export function yokaiJudgeMessages(item: YokaiEvalItem, wording: Wording, template: string, response: string): ChatMessage[] {
  const question = renderQuestionPrompt(item.record, wording);
  return [{ role: 'user', content: fillJudgeTemplate(template, { question, correct: item.record.answer, response }) }];
}

/**
 * One YokaiEval item as the official code does it: ask the model, then the judge with the filled template;
 * a content-filter refusal of the model becomes the response "" and is still judged. A failed call becomes
 * the line's error; only cancellation throws.
 */
export async function evaluateYokaiItem(item: YokaiEvalItem, s: YokaiEvalCallSettings, signal: AbortSignal): Promise<ResultLine> {
  const started = performance.now();
  const messages = yokaiModelMessages(item, s.wording, s.systemPrompt);
  const base = {
    itemId: item.id,
    itemHash: yokaiItemHash(item),
    inputs: item.record,
    prompt: { messages },
  };
  let usage: Usage | null = null;
  let cached = true;
  const finish = (fields: OutcomeFields): ResultLine => ({
    ...base,
    time: new Date().toISOString(),
    ...fields,
    scores: { correct: fields.error === null && fields.verdict === true ? 1 : 0 },
    usage,
    latencyMs: Math.round(performance.now() - started),
    cached,
  });
  const failure = (stage: ItemError['stage'], error: unknown): ItemError => {
    // A local model's runtime that stopped, or an endpoint never reached, stops the whole run: every later item would fail the same way.
    if (error instanceof RuntimeStoppedError || error instanceof EndpointFailedError) throw error;
    const classified = classifyModelError(error, []);
    if (classified.kind === 'cancelled' || signal.aborted) throw new ModelCallError('cancelled', 'cancelled', undefined, undefined);
    return { stage, kind: classified.kind, message: classified.message };
  };

  let response: string;
  let refusal: 'content_filter' | null = null;
  try {
    const outcome = await s.model.complete({ model: s.modelName, messages, params: s.modelParams }, signal);
    if (outcome.kind === 'refused') {
      response = '';
      refusal = 'content_filter';
      cached = false;
    } else {
      response = outcome.reply.content;
      usage = addUsage(usage, outcome.reply.usage);
      cached &&= outcome.cached;
    }
  } catch (error) {
    return finish({ response: null, judgeReply: null, judgePrompt: null, verdict: null, refusal, error: failure('model', error) });
  }

  const judgeMessages = yokaiJudgeMessages(item, s.wording, s.judgeTemplate, response);
  try {
    const outcome = await s.judge.complete({ model: s.judgeModelName, messages: judgeMessages, params: s.judgeParams }, signal);
    if (outcome.kind === 'refused') {
      return finish({
        response,
        judgeReply: null,
        judgePrompt: { messages: judgeMessages },
        verdict: null,
        refusal,
        error: { stage: 'judge', kind: 'content-filter', message: outcome.message },
      });
    }
    usage = addUsage(usage, outcome.reply.usage);
    cached &&= outcome.cached;
    const judgeReply = outcome.reply.content;
    return finish({
      response,
      judgeReply,
      judgePrompt: { messages: judgeMessages },
      verdict: parseJudgeVerdict(judgeReply),
      refusal,
      error: null,
    });
  } catch (error) {
    return finish({
      response,
      judgeReply: null,
      judgePrompt: { messages: judgeMessages },
      verdict: null,
      refusal,
      error: failure('judge', error),
    });
  }
}
