import { LEXICAL_METRIC_NAMES, getSimilarityMetric, isMetricName } from '../../metrics/registry';
import { type MetricName, type NotComputedMetric, MODEL_BACKED_METRIC_NAMES, isModelBackedMetricName, notComputed } from '../../metrics/similarityMetric';
import { errorMessage } from '../../util/errors';

/**
 * Scores one answer against several references, each 0..1. The registry's metrics are wrapped by
 * scorerFor; a metric backed by a model (BERTScore, BLEURT) is the seam: it would implement this same
 * interface (async, cancellable, batched over references) and get its own line in scorerFor. Until one
 * does, such a name is refused and listed as not computed, never given a number.
 */
export interface ReferenceScorer {
  readonly name: MetricName;
  scoreAll(hypothesis: string, references: readonly string[], signal: AbortSignal): Promise<number[]>;
}

export function scorerFor(name: MetricName): ReferenceScorer {
  const metric = getSimilarityMetric(name);
  return {
    name,
    scoreAll: (hypothesis, references) => Promise.resolve(references.map((reference) => metric.score(hypothesis, reference))),
  };
}

const availability = new Map<MetricName, string | null>();

/** Null when the registry can compute the metric here (METEOR needs its WordNet data), else why not. */
export function metricUnavailable(name: MetricName): string | null {
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

/** Why a name cannot be a computed metric, or null when it can. */
export function metricNameProblem(name: string): string | null {
  if (isModelBackedMetricName(name)) return notComputed(name).reason;
  if (!isMetricName(name)) return `unknown metric "${name}" (${[...LEXICAL_METRIC_NAMES, 'meteor'].join(', ')})`;
  const unavailable = metricUnavailable(name);
  return unavailable === null ? null : `${name} is not available here: ${unavailable}`;
}

/** The paper's model-backed metrics, listed in run.json and summaries as not computed. */
export function notComputedMetrics(): NotComputedMetric[] {
  return MODEL_BACKED_METRIC_NAMES.map(notComputed);
}
