import * as z from 'zod';
import { type FloatSum, python312Sum, sequentialSum } from '../../util/floatSums';
import { type LmEvalResults } from './lmEvalFiles';

/**
 * The aggregation lm-eval registers for its built-in metrics (lm_eval/api/metrics.py, @register_metric), used
 * when the task's config names none. A metric it does not know is averaged (Task.aggregation falls back to mean).
 */
const REGISTERED: Readonly<Record<string, string>> = {
  acc: 'mean',
  acc_norm: 'mean',
  acc_mutual_info: 'mean',
  acc_bytes: 'mean',
  acc_all: 'mean',
  exact_match: 'mean',
  likelihood: 'mean',
  perplexity: 'perplexity',
  word_perplexity: 'weighted_perplexity',
  byte_perplexity: 'weighted_perplexity',
  bits_per_byte: 'bits_per_byte',
  bypass: 'bypass',
  mcc: 'matthews_corrcoef',
  f1: 'f1',
  bleu: 'bleu',
  chrf: 'chrf',
  ter: 'ter',
  brier_score: 'brier_score',
};

const MetricListSchema = z.array(
  z.looseObject({ metric: z.unknown(), aggregation: z.unknown().optional(), higher_is_better: z.unknown().optional() }),
);

/**
 * How lm-eval made the task's figure of `metric`: the config's metric_list entry (TaskConfig.to_dict keeps a
 * registered aggregation's name and writes a `!function`'s source, named here 'custom <name>'), else the
 * registered aggregation, else the mean; and the metric's higher_is_better where the results record it.
 */
export function aggregationOf(
  results: LmEvalResults,
  task: string,
  metric: string,
): { aggregation: string; higherIsBetter: boolean | null } {
  const config = (results as { configs?: Record<string, { metric_list?: unknown }> }).configs?.[task];
  const list = MetricListSchema.safeParse(config?.metric_list);
  const entry = list.success ? list.data.find((m) => m.metric === metric) : undefined;
  const recorded = (results as { higher_is_better?: Record<string, Record<string, unknown>> }).higher_is_better?.[task]?.[metric];
  const higherIsBetter =
    typeof recorded === 'boolean' ? recorded : typeof entry?.higher_is_better === 'boolean' ? entry.higher_is_better : null;
  const written = entry?.aggregation;
  if (typeof written === 'string' && written.trim() !== '') {
    const source = /^\s*def\s+([A-Za-z_]\w*)/m.exec(written);
    return {
      aggregation: source === null && !written.includes('\n') ? written.trim() : `custom ${source?.[1] ?? 'function'}`,
      higherIsBetter,
    };
  }
  return { aggregation: REGISTERED[metric] ?? 'mean', higherIsBetter };
}

/** The Python that wrote the results, when torch's environment report names it (pretty_env_info "Python version: 3.11.7 …"). */
function pythonVersion(results: LmEvalResults): [number, number] | null {
  const info = (results as { pretty_env_info?: unknown }).pretty_env_info;
  const match = typeof info === 'string' ? /Python version:\s*(\d+)\.(\d+)/.exec(info) : null;
  return match === null ? null : [Number(match[1]), Number(match[2])];
}

/**
 * lm-eval's figure of a metric from its per-sample values, where it is reproducible: mean (sum(arr) / len(arr),
 * whose float sum is compensated from Python 3.12: the results' Python where recorded, else the one of the two
 * that gives the figure) and median (sorted(arr)[len // 2]); a corpus-level aggregation is not: null.
 */
export function reproduceFigure(
  results: LmEvalResults,
  aggregation: string,
  values: readonly number[],
  reported: number,
): { value: number | null; sum: FloatSum } {
  if (aggregation === 'median')
    return {
      value: values.length === 0 ? null : ([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? null),
      sum: 'sequential',
    };
  if (aggregation !== 'mean' || values.length === 0) return { value: null, sum: 'sequential' };
  const python = pythonVersion(results);
  const compensated = python312Sum(values) / values.length;
  const plain = sequentialSum(values) / values.length;
  const sum: FloatSum =
    python !== null
      ? python[0] > 3 || (python[0] === 3 && python[1] >= 12)
        ? 'python312'
        : 'sequential'
      : plain === reported && compensated !== reported
        ? 'sequential'
        : 'python312';
  return { value: sum === 'python312' ? compensated : plain, sum };
}
