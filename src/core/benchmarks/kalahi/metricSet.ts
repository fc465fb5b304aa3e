import { LEXICAL_METRIC_NAMES, getSimilarityMetric, isMetricName } from '../../metrics/registry';
import { type NeuralMetric } from '../../metrics/neural/neuralMetric';
import {
  type MetricName,
  type NotComputedMetric,
  type TextMetricName,
  MODEL_BACKED_METRIC_NAMES,
  notComputed,
} from '../../metrics/similarityMetric';
import { metricNameProblem, metricUnavailable } from '../../metrics/metricAvailability';

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
  return {
    name: metric.name,
    bounded: false,
    scoreAll: (hypothesis, references, signal) => metric.scoreAll(hypothesis, references, signal),
  };
}

/** The seven lexical metrics of the paper, plus METEOR when the registry can compute it. */
export function defaultMetricNames(): MetricName[] {
  return [...LEXICAL_METRIC_NAMES, ...(metricUnavailable('meteor') === null ? (['meteor'] as const) : [])];
}

/** A comma-separated list of metric names, checked; the problem is a message naming the bad name. */
export function parseMetricNames(list: string): { names: MetricName[] } | { problem: string } {
  const names: MetricName[] = [];
  for (const raw of list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const problem = metricNameProblem(raw);
    if (problem !== null) return { problem };
    if (isMetricName(raw) && !names.includes(raw)) names.push(raw);
  }
  return names.length === 0 ? { problem: 'no metric named' } : { names };
}

/** The paper's model-backed metrics a run did not ask for, listed in run.json and summaries as not computed. */
export function notComputedMetrics(chosen: readonly MetricName[]): NotComputedMetric[] {
  return MODEL_BACKED_METRIC_NAMES.filter((name) => !chosen.includes(name)).map(notComputed);
}
