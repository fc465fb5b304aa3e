import { type ForeignInputs, type ForeignScore } from '../foreignInputs';
import { type ForeignImport, type SourceFile, foreignItemId, foreignLine } from '../foreignRunFolder';
import { figureJson } from '../foreignFigure';
import { UserError } from '../../util/errors';
import { type InspectLog, type InspectSample } from './inspectLog';
import { conversationOf } from './inspectMessages';
import { recomputeMetrics, reduceScore, reducerOf, resultsEntry } from './inspectResults';
import { verdictOfValue } from './inspectValues';
import { missingNote, missingSamples } from './inspectMissing';
import { INSPECT_BASICS } from './basics';
import { INSPECT_PARTIAL_SCALE, inspectGradeOf, inspectScaleOf } from './inspectScale';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function scoresOf(sample: InspectSample): ForeignScore[] {
  return Object.entries(sample.scores ?? {}).map(([name, score]) => ({
    name,
    value: score.value,
    answer: score.answer ?? null,
    explanation: score.explanation ?? null,
    metadata: score.metadata ?? null,
    ...(score.history !== undefined && score.history.length > 0
      ? {
          history: score.history.map((h) => ({
            value: h.value,
            author: h.provenance?.author ?? null,
            reason: h.provenance?.reason ?? null,
            timestamp: h.provenance?.timestamp ?? null,
          })),
        }
      : {}),
  }));
}

function choicesOf(sample: InspectSample): ForeignInputs['choices'] {
  if (sample.choices === undefined || sample.choices === null || sample.choices.length === 0) return null;
  const targets = new Set(Array.isArray(sample.target) ? sample.target : [sample.target]);
  return sample.choices.map((text, i) => {
    const label = LETTERS[i] ?? String(i + 1);
    return { label, text, target: targets.has(label) || targets.has(text) };
  });
}

/** The scores the log has, in order of first appearance, and the one chosen as the verdict. */
export function chooseVerdictScore(
  log: InspectLog,
  requested: string | undefined,
  file: string,
): { names: string[]; verdict: string | null } {
  const names: string[] = [];
  for (const { sample } of log.samples) for (const name of Object.keys(sample.scores ?? {})) if (!names.includes(name)) names.push(name);
  if (requested !== undefined) {
    if (!names.includes(requested))
      throw new UserError(
        `${file}: has no score "${requested}" (its scores: ${names.length === 0 ? 'none' : names.join(', ')}); name one of them with --score`,
      );
    return { names, verdict: requested };
  }
  const first = log.header.results?.scores[0]?.name;
  return { names, verdict: first !== undefined && names.includes(first) ? first : (names[0] ?? null) };
}

/** What the log reports for the verdict score, beside the same figure reproduced from its samples. */
function reportedFigures(log: InspectLog, verdictScore: string | null): Record<string, unknown> {
  if (verdictScore === null) return { reported: null };
  const entry = resultsEntry(log, verdictScore);
  const reducer = reducerOf(log, entry);
  const reduced = reduceScore(
    log.samples.map((s) => s.sample),
    verdictScore,
    reducer,
  );
  const metricKey = entry === undefined ? undefined : ['accuracy', 'mean'].find((k) => entry.metrics[k] !== undefined);
  const reportedValue = metricKey === undefined ? undefined : entry?.metrics[metricKey]?.value;
  const reproduced = entry !== undefined && reduced !== null ? recomputeMetrics(entry, reduced.values).values : {};
  const reproducedValue = metricKey === undefined ? null : (reproduced[metricKey] ?? null);
  return {
    // accuracy() sums in a Python loop, mean() with numpy: a graded run's mean grade is summed the same way.
    reported:
      metricKey === undefined || typeof reportedValue !== 'number'
        ? null
        : {
            score: verdictScore,
            metric: metricKey,
            value: figureJson(reportedValue),
            reproduced: reproducedValue === null ? null : figureJson(reproducedValue),
            aggregation: 'mean',
            sum: metricKey === 'mean' ? 'numpy' : 'sequential',
          },
    reducer,
  };
}

export interface InspectImportOptions {
  readonly score?: string;
}

/** An Inspect log as the run folder records it: one item per sample and epoch, in Inspect's reading order. */
export function inspectImport(
  log: InspectLog,
  source: SourceFile,
  options: InspectImportOptions,
): { imported: ForeignImport; notes: string[]; missing: readonly string[] } {
  const { names, verdict } = chooseVerdictScore(log, options.score, source.path);
  const seen = new Map<string, string>();
  const counts = { partial: 0, error: 0, unscored: 0, numeric: 0, withoutScore: 0, unreadable: 0 };
  const scale =
    verdict === null
      ? undefined
      : inspectScaleOf(log.samples.filter(({ sample }) => !sample.error).map(({ sample }) => sample.scores?.[verdict]?.value));
  const lines = log.samples.map(({ sample, at }, index) => {
    const sampleId = String(sample.id);
    const itemId = foreignItemId(sampleId, sample.epoch);
    const earlier = seen.get(itemId);
    if (earlier !== undefined)
      throw new UserError(`${source.path}: ${at} has the same id and epoch (${itemId}) as ${earlier}; ids 1 and "1" cannot be told apart`);
    seen.set(itemId, at);
    const { conversation, output } = conversationOf(sample);
    const inputs: ForeignInputs = {
      sampleId,
      epoch: sample.epoch,
      index,
      conversation,
      choices: choicesOf(sample),
      target: Array.isArray(sample.target) ? sample.target.join('\n') : sample.target,
      scores: scoresOf(sample),
      verdictScore: verdict,
      metadata: sample.metadata ?? null,
    };
    const value = verdict === null ? undefined : sample.scores?.[verdict]?.value;
    const errored = sample.error !== undefined && sample.error !== null;
    if (errored) counts.error += 1;
    else if (value === undefined) counts.withoutScore += 1;
    else if (value === 'P') counts.partial += 1;
    else if (typeof value === 'number' && Number.isNaN(value)) counts.unscored += 1;
    else if (verdictOfValue(value) === null) counts.numeric += 1;
    const graded = scale === undefined || errored || value === undefined ? undefined : inspectGradeOf(value, scale);
    if (graded?.readable === false) counts.unreadable += 1;
    return foreignLine(inputs, {
      response: output,
      verdict: scale !== undefined || errored || value === undefined ? null : verdictOfValue(value),
      ...(scale === undefined ? {} : { grade: graded?.grade ?? null }),
      error: errored ? { stage: 'sample', kind: 'sample error', message: sample.error?.message ?? '' } : null,
      time: sample.completed_at ?? log.header.stats?.completed_at ?? log.header.eval.created ?? '',
    });
  });
  const status = log.header.status ?? 'success';
  const missing = missingSamples(
    log.header,
    log.samples.map(({ sample }) => sample),
  );
  const notes = [
    `verdict score: ${verdict ?? 'none (the log has no scores)'}${names.length > 1 ? ` (the log's scores: ${names.join(', ')}; choose with --score)` : ''}`,
  ];
  if (scale?.kind === 'ordinal')
    notes.push(
      `${verdict ?? ''} is graded on ${scale.levels.map((l) => `${l.name} ${l.value}`).join(', ')}${scale === INSPECT_PARTIAL_SCALE ? ' (N as 0, as Inspect counts it)' : ''}`,
    );
  if (scale?.kind === 'numeric')
    notes.push(`${verdict ?? ''} is graded: each sample's number is its grade on a scale from ${scale.min} to ${scale.max}`);
  if (status === 'started')
    notes.push(
      `the log is still being written (status started): imported the ${lines.length} samples it has; it lacks ${missing.lacking} of the ${missing.declared ?? 0} planned`,
    );
  else if (missingNote(missing) !== null) notes.push(missingNote(missing) ?? '');
  const version = log.header.eval.packages?.['inspect_ai'] ?? null;
  return {
    imported: {
      formatId: INSPECT_BASICS.id,
      framework: { name: 'Inspect AI', version },
      task: log.header.eval.task,
      models: [log.header.eval.model],
      scorers: names,
      verdictScore: verdict,
      lines,
      ...(scale === undefined ? {} : { scale }),
      settings: {
        container: log.container,
        logVersion: log.header.version,
        logStatus: status,
        lacking: missing.lacking,
        lackingSamples: missing.itemIds,
        epochs: log.header.eval.config?.epochs ?? 1,
        counts,
        ...reportedFigures(log, verdict),
      },
      sources: [source],
      startedAt: log.header.stats?.started_at ?? null,
      finishedAt: log.header.stats?.completed_at ?? null,
    },
    notes,
    missing: missing.itemIds ?? [],
  };
}
