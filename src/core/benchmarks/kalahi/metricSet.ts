import { LEXICAL_METRIC_NAMES, getSimilarityMetric, isMetricName, isTextMetricName } from '../../metrics/registry';
import { type NeuralMetric } from '../../metrics/neural/neuralMetric';
import { type MetricName, type NotComputedMetric, type TextMetricName, MODEL_BACKED_METRIC_NAMES, isModelBackedMetricName, notComputed } from '../../metrics/similarityMetric';
import { errorMessage } from '../../util/errors';

/**
 * Scores one answer against several references. The registry's text metrics are wrapped by scorerFor
 * (each score 0..1); a model-backed metric (BERTScore, BLEURT) is asynchronous and batched over the
 * references, and its scores are only required to be finite (BLEURT and rescaled BERTScore leave 0..1).
 */
export interface ReferenceScorer {
  readonly name: MetricName;
  /** Scores lie in 0..1. */
  readonly bounded: boolean;
  scoreAll(hypothesis: string, references: readonly string[], signal: AbortSignal): Promise<number[]>;
}

export function scorerFor(name: TextMetricName): ReferenceScorer {
  const metric = getSimilarityMetric(name);
  return {
    name,
    bounded: true,
    scoreAll: (hypothesis, references) => Promise.resolve(references.map((reference) => metric.score(hypothesis, reference))),
  };
}

export function neuralScorer(metric: NeuralMetric<unknown>): ReferenceScorer {
  return { name: metric.name, bounded: false, scoreAll: (hypothesis, references, signal) => metric.scoreAll(hypothesis, references, signal) };
}

const availability = new Map<MetricName, string | null>();

/** Null when the registry can compute the metric here (METEOR needs its WordNet data), else why not. */
export function metricUnavailable(name: TextMetricName): string | null {
  const known = availability.get(name);
  if (known !== undefined) return known;
  let problem: string | null = null;
  try {
    getSimilarityMetric(name).score('probe text', 'probe text');
  } catch (error) {
    problem = errorMessage(error);
  }
  availability.set(name, problem);
  return problem;
}

/** The seven lexical metrics of the paper, plus METEOR when the registry can compute it. */
export function defaultMetricNames(): MetricName[] {
  return [...LEXICAL_METRIC_NAMES, ...(metricUnavailable('meteor') === null ? (['meteor'] as const) : [])];
}

/** A comma-separated list of metric names, checked; the problem is a message naming the bad name. */
export function parseMetricNames(list: string): { names: MetricName[] } | { problem: string } {
  const names: MetricName[] = [];
  for (const raw of list.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const problem = metricNameProblem(raw);
    if (problem !== null) return { problem };
    if (isMetricName(raw) && !names.includes(raw)) names.push(raw);
  }
  return names.length === 0 ? { problem: 'no metric named' } : { names };
}

/** Why a name cannot be a computed metric, or null when it can (a model-backed one is checked when its model loads). */
export function metricNameProblem(name: string): string | null {
  if (isModelBackedMetricName(name)) return null;
  if (!isTextMetricName(name)) return `unknown metric "${name}" (${[...LEXICAL_METRIC_NAMES, 'meteor', ...MODEL_BACKED_METRIC_NAMES].join(', ')})`;
  const unavailable = metricUnavailable(name);
  return unavailable === null ? null : `${name} is not available here: ${unavailable}`;
}

/** The paper's model-backed metrics a run did not ask for, listed in run.json and summaries as not computed. */
export function notComputedMetrics(chosen: readonly MetricName[]): NotComputedMetric[] {
  return MODEL_BACKED_METRIC_NAMES.filter((name) => !chosen.includes(name)).map(notComputed);
}
