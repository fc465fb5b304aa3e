import {
  METRIC_NAMES,
  MODEL_BACKED_METRIC_NAMES,
  type MetricName,
  type ModelBackedMetricName,
  type SimilarityMetric,
  type TextMetricName,
} from './similarityMetric';
import { createBleuMetric } from './bleu';
import { createChrfMetric, createChrfPlusPlusMetric } from './chrf';
import { createMeteorMetric } from './meteor/meteor';
import { type BertScoreOptions, createBertScore } from './neural/bertScore';
import { type BleurtOptions, createBleurt } from './neural/bleurt';
import { type BertScoreRecord, type BleurtRecord, type NeuralMetric } from './neural/neuralMetric';
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
const FACTORIES: Partial<Record<TextMetricName, () => SimilarityMetric>> = {
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

const instances = new Map<TextMetricName, SimilarityMetric>();

/** The metric of that name (one shared instance per name, so its memoized analyses are shared too). */
export function getSimilarityMetric(name: TextMetricName): SimilarityMetric {
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

export function isTextMetricName(s: string): s is TextMetricName {
  return isMetricName(s) && !(MODEL_BACKED_METRIC_NAMES as readonly string[]).includes(s);
}

/** Options and run.json record of each model-backed metric. */
export interface NeuralMetricKinds {
  readonly bertscore: { readonly options: BertScoreOptions; readonly record: BertScoreRecord };
  readonly bleurt: { readonly options: BleurtOptions; readonly record: BleurtRecord };
}

/**
 * The model-backed metrics: asynchronous and batched, each loading (and checking) its model when created,
 * once per run; onnxruntime-node and the tokenizer are imported then, never before.
 */
export const NEURAL_FACTORIES: {
  readonly [N in ModelBackedMetricName]: (
    options: NeuralMetricKinds[N]['options'],
  ) => Promise<NeuralMetric<NeuralMetricKinds[N]['record']>>;
} = {
  bertscore: createBertScore,
  bleurt: createBleurt,
};
