import * as z from 'zod';
import { type RunState } from '../adjudication/runState';
import { type RunSummary } from '../summary/runSummary';

/** What an import records in run.json settings about the log's own figure and the samples behind it. */
export const ForeignReportSettingsSchema = z.looseObject({
  framework: z.object({ name: z.string(), version: z.string().nullable() }),
  reported: z.object({ score: z.string(), metric: z.string(), value: z.number(), reproduced: z.number().nullable() }).nullable().optional(),
  counts: z.object({ partial: z.number(), error: z.number(), unscored: z.number(), numeric: z.number(), withoutScore: z.number() }).partial().optional(),
  epochs: z.number().optional(),
});

export interface LogFigure {
  readonly framework: string;
  readonly score: string;
  readonly metric: string;
  /** The figure as the log reports it, and as reproduced from its samples by the framework's own rule. */
  readonly reported: number;
  readonly reproduced: number | null;
  /** This tool's automatic accuracy (count(true) / items). */
  readonly automatic: number;
  readonly equal: boolean;
  /** Why the two differ, when they do. */
  readonly why: readonly string[];
}

export interface ForeignRunSummary extends RunSummary {
  readonly log?: LogFigure;
}

function reasons(settings: z.infer<typeof ForeignReportSettingsSchema>): string[] {
  const c = settings.counts ?? {};
  const why: string[] = [];
  if ((c.partial ?? 0) > 0) why.push(`${c.partial} samples scored P (partial): the log counts each 0.5, here they are null (counted wrong until an annotator decides)`);
  if ((c.error ?? 0) > 0) why.push(`${c.error} errored samples: the log leaves them out of the figure, here they count as wrong`);
  if ((c.withoutScore ?? 0) > 0) why.push(`${c.withoutScore} samples without the score: the log leaves them out, here they are null`);
  if ((c.unscored ?? 0) > 0) why.push(`${c.unscored} unscored samples (NaN): the log leaves them out, here they are null`);
  if ((c.numeric ?? 0) > 0) why.push(`${c.numeric} samples scored a number other than 0 or 1: the log averages the number, here they are null until an annotator decides`);
  if ((settings.epochs ?? 1) > 1) why.push(`${settings.epochs} epochs: the log reduces each sample's epochs to one value before the metric, here each epoch is an item`);
  return why;
}

/** The log's own figure beside this tool's automatic accuracy, and why they differ. */
export function withLogFigure(summary: RunSummary, state: RunState): ForeignRunSummary {
  const settings = ForeignReportSettingsSchema.safeParse(state.manifest.settings);
  if (!settings.success || settings.data.reported === null || settings.data.reported === undefined) return summary;
  const { reported } = settings.data;
  const automatic = summary.automatic.accuracy;
  const equal = automatic === reported.value;
  return {
    ...summary,
    log: { framework: `${settings.data.framework.name}${settings.data.framework.version === null ? '' : ` ${settings.data.framework.version}`}`, score: reported.score, metric: reported.metric, reported: reported.value, reproduced: reported.reproduced, automatic, equal, why: equal ? [] : reasons(settings.data) },
  };
}

export function logFigureLines(summary: ForeignRunSummary): string[] {
  const log = summary.log;
  if (log === undefined) return [];
  const reproduced = log.reproduced === null ? 'not reproduced' : log.reproduced === log.reported ? 'reproduced from its samples' : `reproduced from its samples as ${log.reproduced}`;
  return [
    `log        ${log.framework} reports ${log.score} ${log.metric} ${log.reported} (${reproduced}); automatic accuracy here ${log.automatic}: ${log.equal ? 'the same' : 'differs'}`,
    ...log.why.map((w) => `  why: ${w}`),
  ];
}
