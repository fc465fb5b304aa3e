import { type KalahiReferences } from './references';
import { type ReferenceScorer } from './metricSet';

/** One metric's scores of an answer: per reference, the maxima, diff (the paper's score) and acc (the repository's). */
export interface MetricOutcome {
  readonly relevant: number[];
  readonly irrelevant: number[];
  readonly maxRelevant: number;
  readonly maxIrrelevant: number;
  /** maxRelevant - maxIrrelevant: in [-1, 1] for the text metrics (BLEURT's scale is its own). */
  readonly diff: number;
  /** maxRelevant > maxIrrelevant. */
  readonly acc: boolean;
}

export function metricOutcome(relevant: number[], irrelevant: number[]): MetricOutcome {
  const maxRelevant = Math.max(...relevant);
  const maxIrrelevant = Math.max(...irrelevant);
  return { relevant, irrelevant, maxRelevant, maxIrrelevant, diff: maxRelevant - maxIrrelevant, acc: maxRelevant > maxIrrelevant };
}

export interface AnswerScores {
  /** The answer was empty: every metric scores 0 on every reference (diff 0, acc false), and it is counted. */
  readonly empty: boolean;
  readonly metrics: Readonly<Record<string, MetricOutcome>>;
}

/** Scores an answer (already trimmed) against every relevant and irrelevant reference with each metric. */
export async function scoreAnswer(
  answer: string,
  references: KalahiReferences,
  scorers: readonly ReferenceScorer[],
  signal: AbortSignal,
): Promise<AnswerScores> {
  const empty = answer === '';
  const metrics: Record<string, MetricOutcome> = {};
  for (const scorer of scorers) {
    if (empty) {
      metrics[scorer.name] = metricOutcome(
        references.relevant.map(() => 0),
        references.irrelevant.map(() => 0),
      );
      continue;
    }
    const scores = await scorer.scoreAll(answer, [...references.relevant, ...references.irrelevant], signal);
    const bad = scores.find((s) => !Number.isFinite(s) || (scorer.bounded && (s < 0 || s > 1)));
    if (scores.length !== references.relevant.length + references.irrelevant.length || bad !== undefined) {
      throw new Error(
        `metric ${scorer.name} gave ${bad === undefined ? `${scores.length} scores for ${references.relevant.length + references.irrelevant.length} references` : `the score ${bad}, ${scorer.bounded ? 'outside 0..1' : 'not a number'}`}`,
      );
    }
    metrics[scorer.name] = metricOutcome(scores.slice(0, references.relevant.length), scores.slice(references.relevant.length));
  }
  return { empty, metrics };
}

export interface MetricAggregate {
  /** Mean diff over the items scored (null when none was). */
  readonly diff: number | null;
  /** Fraction of the items scored whose acc is true (empty answers count as false). */
  readonly acc: number | null;
}

/** Per metric, the mean diff and acc over the scored answers. */
export function aggregateOpen(answers: readonly AnswerScores[], metricNames: readonly string[]): Record<string, MetricAggregate> {
  return Object.fromEntries(
    metricNames.map((name) => {
      const outcomes = answers.map((a) => a.metrics[name]).filter((o) => o !== undefined);
      if (outcomes.length === 0) return [name, { diff: null, acc: null }];
      const diff = outcomes.reduce((s, o) => s + o.diff, 0) / outcomes.length;
      const acc = outcomes.filter((o) => o.acc).length / outcomes.length;
      return [name, { diff, acc }];
    }),
  );
}
