import { type ForeignInputs, type ForeignScore } from '../foreignInputs';
import { type ForeignImport, type SourceFile, foreignLine } from '../foreignRunFolder';
import { figureJson } from '../foreignFigure';
import { UserError } from '../../util/errors';
import { LM_EVAL_BASICS } from './basics';
import { type LmEvalResults, type LmEvalSample } from './lmEvalFiles';
import { isGradedNumber, scaleOfGradedValues } from '../foreignScale';
import { aggregationOf, reproduceFigure } from './lmEvalAggregation';

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The requests' arguments: gen_args_i.arg_0 is the context; arg_1 a continuation (multiple choice) or generation settings. */
function argumentsOf(sample: LmEvalSample): { context: string; continuations: string[] } {
  const args = Object.keys(sample.arguments)
    .sort((a, b) => Number(a.replace('gen_args_', '')) - Number(b.replace('gen_args_', '')))
    .map((key) => sample.arguments[key] ?? {});
  const context = text(args[0]?.['arg_0'] ?? '');
  const continuations = args.map((a) => a['arg_1']).filter((c): c is string => typeof c === 'string');
  return { context, continuations: continuations.length === args.length && args.length > 1 ? continuations : [] };
}

/** Multiple choice: the continuations are the choices, the target their index; the output the highest log-likelihood. */
function multipleChoice(sample: LmEvalSample, continuations: string[]): { choices: ForeignInputs['choices']; output: string } | null {
  if (continuations.length === 0) return null;
  const target = Number(sample.target);
  const loglikelihoods = sample.filtered_resps.map((r) => (Array.isArray(r) ? Number(r[0]) : Number(r)));
  let best = 0;
  loglikelihoods.forEach((l, i) => {
    if (l > (loglikelihoods[best] ?? -Infinity)) best = i;
  });
  const choices = continuations.map((c, i) => ({
    label: String.fromCharCode(65 + i),
    text: c.trim(),
    target: i === target || c.trim() === sample.target.trim(),
  }));
  const output = `${continuations[best]?.trim() ?? ''}\n(log-likelihoods: ${loglikelihoods.map((l, i) => `${String.fromCharCode(65 + i)} ${l}`).join(', ')})`;
  return { choices, output };
}

function scoresOf(sample: LmEvalSample): ForeignScore[] {
  const metrics = sample.metrics.map((name): ForeignScore => ({
    name,
    value: sample[name],
    answer: null,
    explanation: null,
    metadata: { filter: sample.filter },
  }));
  return [
    ...metrics,
    { name: 'resps', value: text(sample.resps), answer: null, explanation: 'the raw responses, beside filtered_resps', metadata: null },
  ];
}

/** The metric's name in the results file: "<metric>,<filter>". */
export function resultsKey(metric: string, filter: string): string {
  return `${metric},${filter}`;
}

/** The results' figure of the metric under the compared filter, how lm-eval aggregated it, and the figure reproduced where it can be. */
function reportedFigure(
  results: LmEvalResults,
  task: string,
  metric: string,
  filter: string,
  samples: readonly LmEvalSample[],
): Record<string, unknown> | null {
  const value = results.results[task]?.[resultsKey(metric, filter)];
  if (typeof value !== 'number') return null;
  const perSample = samples.filter((s) => s.filter === filter).map((s) => s[metric]);
  const values = perSample.filter((v): v is number => typeof v === 'number');
  const { aggregation, higherIsBetter } = aggregationOf(results, task, metric);
  const reproduced =
    values.length === perSample.length ? reproduceFigure(results, aggregation, values, value) : { value: null, sum: 'sequential' as const };
  return {
    score: metric,
    metric: resultsKey(metric, filter),
    value: figureJson(value),
    reproduced: reproduced.value === null ? null : figureJson(reproduced.value),
    aggregation,
    sum: reproduced.sum,
    higherIsBetter,
  };
}

export function lmEvalImport(
  samples: LmEvalSample[],
  results: LmEvalResults | null,
  task: string,
  sources: SourceFile[],
  options: { readonly score?: string },
): { imported: ForeignImport; notes: string[] } {
  const metricNames = [...new Set(samples.flatMap((s) => s.metrics))];
  const verdictScore = options.score ?? metricNames[0];
  if (verdictScore === undefined || !metricNames.includes(verdictScore))
    throw new UserError(
      `${sources[0]?.path ?? ''}: has no metric "${verdictScore ?? ''}" (its metrics: ${metricNames.join(', ')}); name one of them with --score`,
    );
  const filters = new Set(samples.map((s) => s.filter));
  const counts = { partial: 0, error: 0, unscored: 0, numeric: 0, withoutScore: 0 };
  // A metric with a per-sample number other than 0 and 1 (f1, bleu_max, mae…) is graded on a number scale.
  const numbers = samples.map((s) => s[verdictScore]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const scale = numbers.some(isGradedNumber) ? scaleOfGradedValues(numbers, { ratings: false }) : undefined;
  const seen = new Set<string>();
  const lines = samples.map((sample, index) => {
    const sampleId = filters.size > 1 ? `${sample.doc_id}/${sample.filter}` : String(sample.doc_id);
    if (seen.has(sampleId))
      throw new UserError(`${sources[0]?.path ?? ''}: line ${index + 1} is doc ${sample.doc_id} (filter ${sample.filter}) again`);
    seen.add(sampleId);
    const { context, continuations } = argumentsOf(sample);
    const mc = multipleChoice(sample, continuations);
    const inputs: ForeignInputs = {
      sampleId,
      epoch: null,
      index,
      conversation: [{ role: 'user', text: context }],
      choices: mc?.choices ?? null,
      target: sample.target,
      scores: scoresOf(sample),
      verdictScore,
      metadata: { doc: sample.doc, filter: sample.filter },
    };
    const value = sample[verdictScore];
    if (value === undefined) counts.withoutScore += 1;
    else if (value !== 0 && value !== 1 && typeof value !== 'boolean') counts.numeric += 1;
    const output = mc?.output ?? text(sample.filtered_resps.length === 1 ? sample.filtered_resps[0] : sample.filtered_resps);
    if (scale !== undefined) {
      return foreignLine(inputs, {
        response: output,
        verdict: null,
        grade: typeof value === 'number' && Number.isFinite(value) ? value : null,
        error: null,
        time: '',
      });
    }
    const verdict = value === 1 || value === true ? true : value === 0 || value === false ? false : null;
    return foreignLine(inputs, { response: output, verdict, error: null, time: '' });
  });
  const filter = samples[0]?.filter ?? 'none';
  const notes = [`verdict score: ${verdictScore} (the samples' metrics: ${metricNames.join(', ')}; choose with --score)`];
  if (scale?.kind === 'numeric')
    notes.push(`${verdictScore} is graded: each sample's number is its grade on a scale from ${scale.min} to ${scale.max}`);
  const pairs = samples.filter((s) => Array.isArray(s[verdictScore])).length;
  if (pairs > 0)
    notes.push(
      `${pairs} samples hold ${verdictScore} as a list (lm-eval's (gold, prediction) pairs of a corpus-level metric): no per-sample grade, they are null`,
    );
  if (filters.size > 1)
    notes.push(
      `${filters.size} filters (${[...filters].join(', ')}): one item per doc and filter; the figure compared is the ${filter} filter's`,
    );
  if (results === null) notes.push('no --results file: the aggregated figure is not compared');
  return {
    imported: {
      formatId: LM_EVAL_BASICS.id,
      framework: { name: 'lm-evaluation-harness', version: results?.lm_eval_version ?? null },
      task,
      models: [results?.model_name ?? results?.config?.model ?? 'unknown'],
      scorers: metricNames,
      verdictScore,
      lines,
      settings: {
        filters: [...filters],
        counts,
        reported: results === null ? null : reportedFigure(results, task, verdictScore, filter, samples),
      },
      ...(scale === undefined ? {} : { scale }),
      sources,
      startedAt: null,
      finishedAt: null,
    },
    notes,
  };
}
