import * as z from 'zod';
import { type RunState } from '../adjudication/runState';
import { isGraded, scaleOf } from '../scale/verdictScale';
import { type RunSummary } from '../summary/runSummary';
import { type FloatSum, meanBy } from '../util/floatSums';
import { FigureSchema, shownFigure } from './foreignFigure';

/** What an import records in run.json settings about the log's own figure and the samples behind it. */
export const ForeignReportSettingsSchema = z.looseObject({
  framework: z.object({ name: z.string(), version: z.string().nullable() }),
  reported: z
    .object({
      score: z.string(),
      metric: z.string(),
      value: FigureSchema,
      reproduced: FigureSchema.nullable(),
      /** How the framework makes its figure from the per-sample values: 'mean' (absent: so), else its name of a corpus-level aggregation. */
      aggregation: z.string().optional(),
      /** The float sum of the framework's mean (absent: a plain loop), so a graded run's mean grade is its figure to the last digit. */
      sum: z.enum(['sequential', 'python312', 'numpy']).optional(),
      /** The framework's direction for the metric, where it records one (lm-eval's higher_is_better). */
      higherIsBetter: z.boolean().nullable().optional(),
    })
    .nullable()
    .optional(),
  counts: z
    .object({
      partial: z.number(),
      error: z.number(),
      unscored: z.number(),
      numeric: z.number(),
      withoutScore: z.number(),
      unreadable: z.number(),
    })
    .partial()
    .optional(),
  epochs: z.number().optional(),
});
type ReportSettings = z.infer<typeof ForeignReportSettingsSchema>;

export interface LogFigure {
  readonly framework: string;
  readonly score: string;
  readonly metric: string;
  /** The figure as the log reports it, and as reproduced from its samples by the framework's own rule. */
  readonly reported: number;
  readonly reproduced: number | null;
  /** This tool's automatic figure: the accuracy (count(true) / items), or on a graded run the mean grade. */
  readonly automatic: number;
  /** On a graded run: the figure is the mean of the graded samples' grades (nulls and errors left out), and how many. */
  readonly graded?: { readonly samples: number; readonly nulls: number };
  /** How the log's figure follows from the per-sample values: 'mean', else a corpus-level aggregation (never compared). */
  readonly aggregation: string;
  readonly higherIsBetter?: boolean;
  readonly equal: boolean;
  /** Why the two differ, when they do. */
  readonly why: readonly string[];
}

export interface ForeignRunSummary extends RunSummary {
  readonly log?: LogFigure;
}

function reasons(settings: ReportSettings, graded: boolean): string[] {
  const c = settings.counts ?? {};
  const why: string[] = [];
  if (!graded && (c.partial ?? 0) > 0)
    why.push(
      `${c.partial} samples scored P (partial): the log counts each 0.5, here they are null (counted wrong until an annotator decides)`,
    );
  if ((c.error ?? 0) > 0)
    why.push(
      graded
        ? `${c.error} errored samples: here they have no grade and are left out of the mean`
        : `${c.error} errored samples: the log leaves them out of the figure, here they count as wrong`,
    );
  if ((c.withoutScore ?? 0) > 0) why.push(`${c.withoutScore} samples without the score: the log leaves them out, here they are null`);
  if ((c.unscored ?? 0) > 0) why.push(`${c.unscored} unscored samples (NaN): the log leaves them out, here they are null`);
  if ((c.unreadable ?? 0) > 0)
    why.push(`${c.unreadable} samples whose value is not a grade (text, a list, a dict): the log counts them 0, here they are null`);
  if (!graded && (c.numeric ?? 0) > 0)
    why.push(
      `${c.numeric} samples scored a number other than 0 or 1: the log averages the number, here they are null until an annotator decides`,
    );
  if ((settings.epochs ?? 1) > 1)
    why.push(`${settings.epochs} epochs: the log reduces each sample's epochs to one value before the metric, here each epoch is an item`);
  return why;
}

/** A graded run's mean grade over the items graded (a number, no error), with the framework's float sum. */
function meanGrade(state: RunState, sum: FloatSum | undefined): { mean: number; samples: number; nulls: number } {
  const grades: number[] = [];
  let nulls = 0;
  for (const id of state.manifest.dataset.itemIds) {
    const line = state.current.get(id);
    if (line === undefined || line.error !== null) continue;
    if (typeof line.grade === 'number') grades.push(line.grade);
    else nulls += 1;
  }
  return { mean: meanBy(grades, sum ?? 'sequential'), samples: grades.length, nulls };
}

/** The log's own figure beside this tool's automatic figure (accuracy, or a graded run's mean grade), and why they differ. */
export function withLogFigure(summary: RunSummary, state: RunState): ForeignRunSummary {
  const settings = ForeignReportSettingsSchema.safeParse(state.manifest.settings);
  if (!settings.success || settings.data.reported === null || settings.data.reported === undefined) return summary;
  const { reported } = settings.data;
  const graded = isGraded(scaleOf(state.manifest));
  const grade = graded ? meanGrade(state, reported.sum) : undefined;
  // A source that defines its figure otherwise (SummaryParts.figure) is compared by that figure.
  const automatic = summary.graded?.figure?.automatic.value ?? grade?.mean ?? summary.automatic.accuracy;
  const aggregation = reported.aggregation ?? 'mean';
  // A corpus-level figure is not the mean of anything per sample: it never matches, whatever the numbers.
  const equal = aggregation === 'mean' && automatic === reported.value;
  const why = equal ? [] : reasons(settings.data, graded);
  if (aggregation !== 'mean') {
    why.unshift(
      `the log's ${reported.metric} is its '${aggregation}' aggregation over all samples, not the mean of per-sample values: the per-sample mean here is shown beside it, never compared`,
    );
  }
  return {
    ...summary,
    log: {
      framework: `${settings.data.framework.name}${settings.data.framework.version === null ? '' : ` ${settings.data.framework.version}`}`,
      score: reported.score,
      metric: reported.metric,
      reported: reported.value,
      reproduced: reported.reproduced,
      automatic,
      ...(grade === undefined ? {} : { graded: { samples: grade.samples, nulls: grade.nulls } }),
      aggregation,
      ...(typeof reported.higherIsBetter === 'boolean' ? { higherIsBetter: reported.higherIsBetter } : {}),
      equal,
      why,
    },
  };
}

export function logFigureLines(summary: ForeignRunSummary): string[] {
  const log = summary.log;
  if (log === undefined) return [];
  const direction = log.higherIsBetter === undefined ? '' : log.higherIsBetter ? ', higher is better' : ', lower is better';
  const reproduced =
    log.reproduced === null
      ? 'not reproduced'
      : Object.is(log.reproduced, log.reported)
        ? 'reproduced from its samples'
        : `reproduced from its samples as ${shownFigure(log.reproduced)}`;
  const how =
    log.aggregation === 'mean' ? reproduced : `its '${log.aggregation}' aggregation over all samples, a corpus-level figure; ${reproduced}`;
  const own = summary.graded?.figure?.name;
  const figure =
    log.graded === undefined
      ? `automatic accuracy here ${log.automatic}`
      : `${own ?? (log.aggregation === 'mean' ? 'mean grade' : 'per-sample mean')} here ${log.automatic} over ${log.graded.samples} graded samples`;
  const here = `${figure}${log.aggregation === 'mean' ? `: ${log.equal ? 'the same' : 'differs'}` : ' (not comparable)'}`;
  return [
    `log        ${log.framework} reports ${log.score} ${log.metric} ${shownFigure(log.reported)} (${how}${direction}); ${here}`,
    ...log.why.map((w) => `  why: ${w}`),
  ];
}
