import { reviewProgress } from '../adjudication/adjudicatedScore';
import { reviewedMeans } from '../adjudication/reviewed';
import { type RunState, loadRunState } from '../adjudication/runState';
import { benchmarkOf } from '../benchmarks/registry';
import { RUN_REGISTRY } from '../benchmarks/runRegistry';
import { automaticScore } from '../runs/automaticSummary';
import { type EstimateOptions } from '../judgeValidation/estimate';
import { validationSummary } from '../judgeValidation/validationSummary';
import { formatValidationLines } from '../judgeValidation/formatValidation';
import { type RunSummary } from '../summary/runSummary';
import { gradedSummaryOf } from '../summary/gradedRunSummary';
import { isGraded, scaleOf } from '../scale/verdictScale';
import { gradedSummaryLines } from './gradedSummaryLines';

export { type RunSummary } from '../summary/runSummary';

export function summarizeRun(dir: string, options: EstimateOptions = {}): RunSummary {
  return summarizeState(loadRunState(dir, RUN_REGISTRY), options);
}

/** The summary of a run already read (its skipped lines are in state.problems). */
export function summarizeState(state: RunState, options: EstimateOptions = {}): RunSummary {
  const { manifest, current: byItem } = state;
  const validation = validationSummary(state, undefined, options);
  const summary: RunSummary = {
    runId: manifest.id,
    benchmark: manifest.benchmark,
    task: manifest.task,
    status: manifest.status,
    ...(manifest.stoppedBy !== undefined ? { stoppedBy: manifest.stoppedBy } : {}),
    model: manifest.model?.name ?? (typeof manifest['importedModel'] === 'string' ? manifest['importedModel'] : null),
    judge: manifest.judge?.name ?? null,
    items: manifest.dataset.itemIds.length,
    automatic: { ...automaticScore(manifest, byItem), ci: validation.automaticCI },
    adjudicated: { ...state.adjudicatedScore(), estimate: validation.estimate },
    agreement: validation.agreement,
    stability: validation.stability,
    sample: validation.sample,
    usage: manifest.usage,
  };
  const parts = benchmarkOf(manifest.benchmark).summary;
  const scale = scaleOf(manifest);
  const withGrades = isGraded(scale) ? { ...summary, graded: gradedSummaryOf(state, scale, parts?.figure) } : summary;
  return parts?.extend?.(withGrades, state) ?? withGrades;
}

/** `takesVerdicts`: whether the run's items take a verdict, which decides what counts as reviewed (reviewed.ts). */
export function formatSummary(summary: RunSummary, takesVerdicts = true): string {
  const { automatic: a } = summary;
  const pct = (x: number | null): string => (x === null ? 'n/a' : `${(100 * x).toFixed(2)}%`);
  return [
    `run        ${summary.runId} (${summary.benchmark}, ${summary.status})`,
    ...(summary.stoppedBy !== undefined ? [`stopped    ${summary.stoppedBy.time}: ${summary.stoppedBy.message}`] : []),
    `model      ${summary.model ?? 'unknown'}${summary.judge ? `, judged by ${summary.judge}` : ''}`,
    `items      ${summary.items}`,
    ...(summary.graded === undefined
      ? [
          `accuracy   ${pct(a.accuracy)}  (${a.counts.true}/${summary.items}; null, error and missing count as wrong)`,
          `excl. null ${pct(a.accuracyExcludingNull)}  (${a.counts.true}/${a.counts.true + a.counts.false})`,
          `verdicts   true ${a.counts.true}, false ${a.counts.false}, null ${a.counts.null}, error ${a.counts.error}, missing ${a.counts.missing}`,
          `review     ${reviewProgress(summary.adjudicated, summary.items)}; reviewed: ${reviewedMeans(takesVerdicts)}`,
          `adjudicated ${pct(summary.adjudicated.accuracy)}  (${summary.adjudicated.items} items with a human verdict; ${summary.adjudicated.conflicts} conflicts, ${summary.adjudicated.stale} stale, ${summary.adjudicated.flagged} flagged)`,
          ...Object.entries(summary.adjudicated.overrides).map(([direction, n]) => `  override ${direction}: ${n}`),
          ...formatValidationLines(summary),
        ]
      : [
          `review     ${reviewProgress(summary.adjudicated, summary.items, 'grade')}; reviewed: a grade on the item or a criterion (${summary.adjudicated.conflicts} conflicts, ${summary.adjudicated.stale} stale, ${summary.adjudicated.flagged} flagged)`,
          ...gradedSummaryLines(summary.graded),
        ]),
    ...(benchmarkOf(summary.benchmark).summary?.lines?.(summary) ?? []),
    `usage      ${summary.usage.requests} requests, ${summary.usage.promptTokens} prompt + ${summary.usage.completionTokens} completion tokens`,
  ].join('\n');
}
