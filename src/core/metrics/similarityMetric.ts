/** The similarity metrics computed from the texts alone (synchronous), each on a 0..1 scale. */
export type TextMetricName = 'chrf' | 'chrf++' | 'bleu' | 'rouge-1' | 'rouge-2' | 'rouge-l' | 'rouge-lsum' | 'meteor';

/** Every similarity metric of Kalahi open-ended scoring: the text ones and the model-backed ones. */
export type MetricName = TextMetricName | ModelBackedMetricName;

/** Every MetricName: the text metrics, then BERTScore and BLEURT. */
export const METRIC_NAMES = [
  'chrf',
  'chrf++',
  'bleu',
  'rouge-1',
  'rouge-2',
  'rouge-l',
  'rouge-lsum',
  'meteor',
  'bertscore',
  'bleurt',
] as const satisfies readonly MetricName[];

// Fails to compile when a MetricName is missing from METRIC_NAMES.
const _allNamesListed: Exclude<MetricName, (typeof METRIC_NAMES)[number]> extends never ? true : never = true;
void _allNamesListed;

/** A sentence-level similarity between one hypothesis (the model's answer) and one reference. */
export interface SimilarityMetric {
  readonly name: TextMetricName;
  readonly description: string;
  /** 0..1; deterministic; pure apart from internal memoization of analysed texts. */
  score(hypothesis: string, reference: string): number;
}

/**
 * Metrics of the Kalahi paper that need a neural model (BERTScore with microsoft/deberta-v3-large, BLEURT-20),
 * computed in-process on ONNX Runtime when asked for with their model folders (metrics/neural). A run that
 * does not ask for one lists it as a NotComputedMetric, never with a number.
 */
export type ModelBackedMetricName = 'bertscore' | 'bleurt';

export const MODEL_BACKED_METRIC_NAMES = ['bertscore', 'bleurt'] as const satisfies readonly ModelBackedMetricName[];

export interface NotComputedMetric {
  readonly name: ModelBackedMetricName;
  readonly computed: false;
  readonly reason: string;
}

const MODEL_OF: Readonly<Record<ModelBackedMetricName, string>> = {
  bertscore: 'BERTScore F1 with microsoft/deberta-v3-large',
  bleurt: 'BLEURT-20',
};

export function notComputed(name: ModelBackedMetricName): NotComputedMetric {
  return {
    name,
    computed: false,
    reason: `${MODEL_OF[name]} was not asked for: add ${name} to --metrics with its model folder (docs/metrics.md: BERTScore and BLEURT)`,
  };
}

export function isModelBackedMetricName(s: string): s is ModelBackedMetricName {
  return (MODEL_BACKED_METRIC_NAMES as readonly string[]).includes(s);
}
