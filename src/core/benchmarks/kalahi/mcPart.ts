import { type ItemLogprobs, type LogprobBackendName, assertInformative } from '../../backends/logprobBackend';
import { type Mc2Mode, mc1, mc2, referenceScore } from './mcScores';
import { type KalahiReferences, allReferences } from './references';
import { type KalahiMcPart } from './resultParts';

export interface McPartContext {
  readonly backend: LogprobBackendName;
  readonly mc2Mode: Mc2Mode;
  readonly model: string;
  /** Where the log-probs came from, for messages. */
  readonly source: string;
}

/** MC1, MC2 and every reference's score from the log-probs; throws LogprobsUnusableError on uninformative ones. */
export function mcPartFrom(logprobs: ItemLogprobs, references: KalahiReferences, context: McPartContext): KalahiMcPart {
  const texts = allReferences(references);
  if (logprobs.references.length !== texts.length) {
    throw new Error(`${logprobs.references.length} log-prob results for ${texts.length} references`);
  }
  const scored = logprobs.references.map((r, i) => {
    const text = texts[i] ?? '';
    return {
      logprob: r.logprob,
      bytes: Buffer.byteLength(text, 'utf8'),
      tokens: r.tokenLogprobs.length,
      score: referenceScore(r.logprob, text),
      straddled: r.straddled,
      sent: r.sent,
      prefixTokens: r.prefixTokens,
      tokenLogprobs: [...r.tokenLogprobs],
      ...(r.local !== undefined
        ? { tokenIds: [...r.local.tokens], scoredFrom: r.local.scoredFrom, underflowed: [...r.local.underflowed] }
        : {}),
    };
  });
  assertInformative(
    logprobs,
    scored.map((s) => s.score),
    context.model,
    context.source,
  );
  const relevant = scored.slice(0, references.relevant.length);
  const irrelevant = scored.slice(references.relevant.length);
  const relevantScores = relevant.map((s) => s.score);
  const irrelevantScores = irrelevant.map((s) => s.score);
  return {
    backend: context.backend,
    relevant,
    irrelevant,
    mc1: mc1(relevantScores, irrelevantScores, references.bestIndex),
    mc2: mc2(relevantScores, irrelevantScores, context.mc2Mode),
    mc2Mode: context.mc2Mode,
    requests: logprobs.requests,
  };
}
