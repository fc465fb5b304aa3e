import { type ChatCompleter, type ChatMessage, type ChatParams } from '../../model/chatClient';
import { ModelCallError, classifyModelError } from '../../model/modelError';
import { RuntimeStoppedError } from '../../runtimes/gguf/ggufErrors';
import { type ItemError, type Usage, addUsage } from '../../runs/resultLine';
import { errorMessage } from '../../util/errors';
import { canonicalJson, sha256Hex } from '../../util/hash';
import { type KalahiItem } from './dataset';
import { type ItemLogprobs, type LogprobBackend, LogprobsUnusableError } from '../../backends/logprobBackend';
import { mcPartFrom } from './mcPart';
import { type Mc2Mode } from './mcScores';
import { type ReferenceScorer } from './metricSet';
import { scoreAnswer } from './openScoring';
import { allReferences, kalahiReferences } from './references';
import { type KalahiMcPart, type KalahiOpenPart, type KalahiResultLine } from './resultParts';
import { EndpointFailedError } from '../../model/endpointUnreachable';

export interface KalahiMcSettings {
  readonly backend: LogprobBackend;
  readonly mc2Mode: Mc2Mode;
  readonly modelName: string;
}

export interface KalahiOpenSettings {
  readonly model: ChatCompleter;
  readonly modelName: string;
  readonly params: ChatParams;
  readonly systemPrompt: string | null;
  readonly scorers: readonly ReferenceScorer[];
  readonly primaryMetric: string;
}

export interface KalahiCallSettings {
  readonly appendPeriod: boolean;
  readonly mc: KalahiMcSettings | null;
  readonly open: KalahiOpenSettings | null;
}

export function kalahiItemHash(item: KalahiItem): string {
  return sha256Hex(canonicalJson(item.record));
}

/** The prompt as stored, as the only user message; a system prompt only when asked for. */
export function kalahiMessages(item: KalahiItem, systemPrompt: string | null): ChatMessage[] {
  const user: ChatMessage = { role: 'user', content: item.record.prompt };
  return systemPrompt === null ? [user] : [{ role: 'system', content: systemPrompt }, user];
}

/** The log-probs of an item's references (relevant, then irrelevant). */
export function itemLogprobs(
  item: KalahiItem,
  settings: Pick<KalahiCallSettings, 'appendPeriod'> & { mc: KalahiMcSettings },
  signal: AbortSignal,
): Promise<ItemLogprobs> {
  return settings.mc.backend.score(item.record.prompt, allReferences(kalahiReferences(item, settings.appendPeriod)), signal);
}

/**
 * One Kalahi item: MC (log-probs of every reference) and/or open-ended (a greedy answer scored by each
 * metric). A failure becomes the line's error (stage logprobs, model or metric) and the other part is
 * still done; log-probs that cannot give real scores throw LogprobsUnusableError, which stops the run.
 * `primed` holds log-probs already fetched for this item (the run's probe).
 */
export async function evaluateKalahiItem(
  item: KalahiItem,
  s: KalahiCallSettings,
  signal: AbortSignal,
  primed?: Promise<ItemLogprobs>,
): Promise<KalahiResultLine> {
  const started = performance.now();
  const references = kalahiReferences(item, s.appendPeriod);
  let usage: Usage | null = null;
  let cached = true;
  let error: ItemError | null = null;
  const failure = (stage: ItemError['stage'], raw: unknown): ItemError => {
    // Each stops the whole run: every later item would fail the same way.
    if (raw instanceof LogprobsUnusableError || raw instanceof RuntimeStoppedError || raw instanceof EndpointFailedError) throw raw;
    if (stage === 'metric' && !(raw instanceof ModelCallError)) {
      if (signal.aborted) throw new ModelCallError('cancelled', 'cancelled', undefined, undefined);
      return { stage, kind: 'metric-failed', message: errorMessage(raw) };
    }
    const classified = classifyModelError(raw, []);
    if (classified.kind === 'cancelled' || signal.aborted) throw new ModelCallError('cancelled', 'cancelled', undefined, undefined);
    return { stage, kind: classified.kind, message: classified.message };
  };

  let mc: KalahiMcPart | undefined;
  if (s.mc !== null) {
    try {
      const logprobs = await (primed ?? itemLogprobs(item, { appendPeriod: s.appendPeriod, mc: s.mc }, signal));
      usage = addUsage(usage, logprobs.usage);
      cached = false;
      mc = mcPartFrom(logprobs, references, {
        backend: s.mc.backend.name,
        mc2Mode: s.mc.mc2Mode,
        model: s.mc.modelName,
        source: s.mc.backend.source,
      });
    } catch (raw) {
      error ??= failure('logprobs', raw);
    }
  }

  let open: KalahiOpenPart | undefined;
  let messages: ChatMessage[] | null = null;
  let refusal: 'content_filter' | null = null;
  if (s.open !== null) {
    messages = kalahiMessages(item, s.open.systemPrompt);
    let answer: string | null = null;
    let finishReason: string | null = null;
    try {
      const outcome = await s.open.model.complete({ model: s.open.modelName, messages, params: s.open.params }, signal);
      if (outcome.kind === 'refused') {
        answer = '';
        refusal = 'content_filter';
        cached = false;
      } else {
        answer = outcome.reply.content.trim();
        finishReason = outcome.reply.finishReason;
        usage = addUsage(usage, outcome.reply.usage);
        cached &&= outcome.cached;
      }
    } catch (raw) {
      error ??= failure('model', raw);
    }
    if (answer !== null) {
      try {
        const scores = await scoreAnswer(answer, references, s.open.scorers, signal);
        open = { answer, empty: scores.empty, finishReason, metrics: { ...scores.metrics } };
      } catch (raw) {
        error ??= failure('metric', raw);
      }
    }
  }

  const primary = open?.metrics[s.open?.primaryMetric ?? ''];
  return {
    itemId: item.id,
    itemHash: kalahiItemHash(item),
    time: new Date().toISOString(),
    inputs: item.record,
    prompt: messages === null ? null : { messages },
    judgePrompt: null,
    response: open?.answer ?? null,
    judgeReply: null,
    verdict: primary === undefined ? null : primary.acc,
    scores: {
      ...(mc !== undefined ? { mc1: mc.mc1, mc2: mc.mc2 } : {}),
      ...(primary !== undefined ? { diff: primary.diff, acc: primary.acc ? 1 : 0 } : {}),
    },
    usage,
    latencyMs: Math.round(performance.now() - started),
    refusal,
    cached,
    error,
    references: { relevant: [...references.relevant], irrelevant: [...references.irrelevant], bestIndex: references.bestIndex },
    ...(mc !== undefined ? { mc } : {}),
    ...(open !== undefined ? { open } : {}),
  };
}
