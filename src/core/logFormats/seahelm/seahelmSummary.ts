import * as z from 'zod';
import { type RunState } from '../../adjudication/runState';
import { type RunSummary } from '../../summary/runSummary';

/** SEA-HELM's figures as the import computed them by its rule (run.json settings.seahelm). */
export const SeahelmFiguresSchema = z.object({
  metric: z.string(),
  average_criteria_score: z.number(),
  categories: z.record(z.string(), z.number()),
  items: z.number().int(),
  criteria: z.number().int(),
  /** Criteria without a known classification, each counted 0.0 as SEA-HELM counts it. */
  unparsable: z.number().int(),
  strayJudgements: z.number().int(),
});
export type SeahelmFigures = z.infer<typeof SeahelmFiguresSchema>;

export interface SeahelmRunSummary extends RunSummary {
  readonly seahelm?: SeahelmFigures;
}

export function withSeahelmFigures(summary: RunSummary, state: RunState): SeahelmRunSummary {
  const figures = SeahelmFiguresSchema.safeParse(state.manifest.settings['seahelm']);
  return figures.success ? { ...summary, seahelm: figures.data } : summary;
}

export function seahelmFigureLines(summary: SeahelmRunSummary): string[] {
  const figures = summary.seahelm;
  if (figures === undefined) return [];
  const categories = Object.entries(figures.categories)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  return [
    `seahelm    ${figures.metric} ${figures.average_criteria_score} (SEA-HELM's figure: the mean of ${figures.items} items' scores, x100)`,
    `  categories ${categories} (SEA-HELM's per-category means, 0 to 1)`,
    `  criteria ${figures.criteria}; ${figures.unparsable} without a known classification (no reply, no tag, an unknown or mis-cased class), each counted 0 as SEA-HELM counts it`,
  ];
}
