import { exportAdjudicated } from './exportAdjudicated';
import { type GradedScore } from '../adjudication/gradedScore';
import { type RunState } from '../adjudication/runState';
import { type ExportFormat } from '../runs/exportFormat';
import { gradedSummaryOf } from '../summary/gradedRunSummary';
import { gradedSummaryLines } from '../reports/gradedSummaryLines';
import { exportCriteria } from './exportCriteria';
import { gradedScaleOf } from './gradedRows';
import { sourceFigureOf } from './runFigure';

/** One row per item, or (a graded run whose items carry criteria) one row per criterion. */
export type ExportPer = 'item' | 'criterion';
export const EXPORT_PERS: readonly ExportPer[] = ['item', 'criterion'];

export interface AdjudicatedExport {
  readonly text: string;
  /** A graded run's scores as the summary states them (mean grades with nulls counted, the source's own figure); none on a binary run. */
  readonly gradedLines: readonly string[];
  /** A graded run's figure in one line for a message: the source's own where it has one, else the mean grade; none on a binary run. */
  readonly headline: string | null;
}

function headlineOf(score: GradedScore): string {
  const figure = score.figure;
  if (figure !== null)
    return `${figure.name} ${figure.automatic.value ?? 'n/a'} automatic, ${figure.adjudicated.value ?? 'n/a'} adjudicated.`;
  const nulls = score.adjudicated.counts.null;
  return `Mean grade ${score.automatic.mean ?? 'n/a'} automatic, ${score.adjudicated.mean ?? 'n/a'} adjudicated (${nulls} null left out).`;
}

/** Whether `export --adjudicated --per criterion` applies: a graded run with criteria on some item. */
export function exportsCriteria(state: RunState): boolean {
  return gradedScaleOf(state) !== undefined && [...state.current.values()].some((line) => line.criteria !== undefined);
}

/** The adjudicated export of a run read already (CLI and extension alike). */
export function adjudicatedExportOf(state: RunState, format: ExportFormat, per: ExportPer = 'item'): AdjudicatedExport {
  const scale = gradedScaleOf(state);
  const text = per === 'criterion' ? exportCriteria(state, format) : exportAdjudicated(state.paths.dir, format, state);
  const score = scale === undefined ? undefined : gradedSummaryOf(state, scale, sourceFigureOf(state));
  return {
    text,
    gradedLines: score === undefined ? [] : gradedSummaryLines(score),
    headline: score === undefined ? null : headlineOf(score),
  };
}
