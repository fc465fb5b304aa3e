import { METRIC_NAMES, type MetricName, type SimilarityMetric } from './similarityMetric';
import { createBleuMetric } from './bleu';
import { createChrfMetric, createChrfPlusPlusMetric } from './chrf';
import { createMeteorMetric } from './meteor/meteor';
import { loadWordNet } from './meteor/wordnet';
import { createRouge1Metric, createRouge2Metric, createRougeLMetric, createRougeLsumMetric } from './rouge';

/** The metrics computed from surface forms alone, in the Kalahi paper's order. */
export const LEXICAL_METRIC_NAMES = [
  'chrf',
  'chrf++',
  'bleu',
  'rouge-1',
  'rouge-2',
  'rouge-l',
  'rouge-lsum',
] as const satisfies readonly MetricName[];

/** One line per implemented metric; a MetricName without a line is not implemented yet. */
const FACTORIES: Partial<Record<MetricName, () => SimilarityMetric>> = {
  chrf: createChrfMetric,
  'chrf++': createChrfPlusPlusMetric,
  bleu: createBleuMetric,
  'rouge-1': createRouge1Metric,
  'rouge-2': createRouge2Metric,
  'rouge-l': createRougeLMetric,
  'rouge-lsum': createRougeLsumMetric,
  // WordNet loads on the first score, so runs without METEOR never read it.
  meteor: () => createMeteorMetric(() => loadWordNet()),
};

const instances = new Map<MetricName, SimilarityMetric>();

/** The metric of that name (one shared instance per name, so its memoized analyses are shared too). */
export function getSimilarityMetric(name: MetricName): SimilarityMetric {
  const existing = instances.get(name);
  if (existing !== undefined) return existing;
  const factory = FACTORIES[name];
  if (factory === undefined) throw new Error(`similarity metric '${name}' is not implemented yet`);
  const metric = factory();
  instances.set(name, metric);
  return metric;
}

export function isMetricName(s: string): s is MetricName {
  return (METRIC_NAMES as readonly string[]).includes(s);
}
