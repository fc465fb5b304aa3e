import { LEXICAL_METRIC_NAMES, getSimilarityMetric, isTextMetricName } from './registry';
import { type MetricName, type TextMetricName, MODEL_BACKED_METRIC_NAMES, isModelBackedMetricName } from './similarityMetric';
import { errorMessage } from '../util/errors';

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

/** Why a name cannot be a computed metric, or null when it can (a model-backed one is checked when its model loads). */
export function metricNameProblem(name: string): string | null {
  if (isModelBackedMetricName(name)) return null;
  if (!isTextMetricName(name))
    return `unknown metric "${name}" (${[...LEXICAL_METRIC_NAMES, 'meteor', ...MODEL_BACKED_METRIC_NAMES].join(', ')})`;
  const unavailable = metricUnavailable(name);
  return unavailable === null ? null : `${name} is not available here: ${unavailable}`;
}
