import { type ScoreHeader } from '../protocol/review';
import { mcMeans } from '../metrics/multipleChoiceMeans';
import { type RunManifest } from '../runs/runManifest';
import { type ReviewParts, type ReviewSettings, type RowExtras, type RowLine } from './benchmark';

// The generic defaults of a benchmark's optional review capabilities: generic code reads a benchmark's
// review through these, so a benchmark without metrics, MC or task names says nothing of them.

/** What the item views read of run.json: whether items take verdicts, the metrics scored. */
export function reviewSettingsOf(review: ReviewParts, manifest: RunManifest): ReviewSettings {
  const metrics = review.metrics?.of(manifest);
  return { decidable: review.decidable?.(manifest) ?? true, primaryMetric: metrics?.primary ?? '', metrics: metrics?.metrics ?? [] };
}

/** A row's margin, metric accs and MC scores: the primary metric's diff first, else the MC margin. */
export function rowExtrasOf(review: ReviewParts, line: RowLine, settings: ReviewSettings): RowExtras {
  const metric = review.metrics?.rowParts(line, settings.primaryMetric);
  const mc = review.multipleChoice?.of(line);
  return {
    margin: metric?.margin ?? mc?.margin ?? null,
    metricAcc: metric?.metricAcc,
    mc: mc === undefined ? undefined : { mc1: mc.mc1, mc2: mc.mc2 },
  };
}

/** What the run header adds: the metrics scored, and the primary one (the score that gives the verdict). */
export function runHeaderParts(settings: ReviewSettings): { metrics?: string[]; primaryMetric?: string } {
  return {
    ...(settings.metrics.length > 0 ? { metrics: [...settings.metrics] } : {}),
    ...(settings.primaryMetric === '' ? {} : { primaryMetric: settings.primaryMetric }),
  };
}

/** What the score header adds from the rows: MC means over the rows with an MC part, and whether items take verdicts. */
export function scoreHeaderParts(
  review: ReviewParts,
  settings: ReviewSettings,
  rows: Iterable<RowExtras>,
): Pick<ScoreHeader, 'mc' | 'verdicts'> {
  const parts: { mc1: number; mc2: number }[] = [];
  if (review.multipleChoice !== undefined) for (const row of rows) if (row.mc !== undefined) parts.push(row.mc);
  return {
    ...(parts.length === 0 ? {} : { mc: mcMeans(parts) }),
    ...(review.decidable === undefined ? {} : { verdicts: settings.decidable }),
  };
}

/** A task's short name for the header and the tab's title ('' for none, or when the header does not name tasks). */
export function taskTitleOf(review: ReviewParts, task: string): string {
  if (review.taskTitles === undefined || task === '') return '';
  return review.taskTitles[task] ?? task;
}
