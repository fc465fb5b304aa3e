import { type RunState } from '../adjudication/runState';
import { type ExportFormat } from '../runs/exportFormat';
import { toCsv } from '../util/csv';
import { GRADE_COLUMNS, annotatorGradesCell, gradeColumnCells, notesCell } from './gradedCells';
import { type GradedCriterionRow, facetColumns, gradedCriterionRows, gradedScaleOf } from './gradedRows';
import { gradedSummaryOf } from '../summary/gradedRunSummary';
import { sourceFigureOf } from './runFigure';

/**
 * The columns of `export --adjudicated --per criterion` after itemId and the benchmark's facets. Others read
 * them by name (the review e2e, notebooks): keep them stable.
 */
export const CRITERION_COLUMNS = [
  'criterion',
  'text',
  'judgeWrote',
  ...GRADE_COLUMNS,
  'decidedBy',
  'annotators',
  'grades',
  'notes',
  'stale',
  'conflict',
] as const;

function criterionCells(row: GradedCriterionRow, facets: readonly string[]): string[] {
  return [
    row.itemId,
    ...facets.map((f) => row.facets[f] ?? ''),
    row.criterion,
    row.text,
    row.judgeWrote ?? '',
    ...gradeColumnCells(row.automatic, row.human, row.adjudicated),
    row.human?.decidedBy.join('; ') ?? '',
    row.annotatorGrades.map((g) => g.annotator).join('; '),
    annotatorGradesCell(row.annotatorGrades),
    notesCell(row.annotatorGrades),
    String(row.stale),
    String(row.conflict),
  ];
}

/**
 * `export --adjudicated --per criterion`: one row per criterion of each item, the judge's grade beside the
 * final human one on the source's scale (level and value), who decided, each annotator's grade and notes.
 * JSON: {run, graded (the run's graded score and the source's figure), criteria: [...]}.
 */
export function exportCriteria(state: RunState, format: ExportFormat): string {
  const scale = gradedScaleOf(state);
  if (scale === undefined)
    throw new Error(`export --per criterion: run ${state.manifest.id} is binary; criteria are graded (run.json scale ordinal or numeric)`);
  const rows = gradedCriterionRows(state, scale);
  if (format === 'json')
    return `${JSON.stringify({ run: state.manifest, graded: gradedSummaryOf(state, scale, sourceFigureOf(state)), criteria: rows }, null, 2)}\n`;
  const facets = facetColumns(state, ['itemId', ...CRITERION_COLUMNS]);
  return toCsv(
    ['itemId', ...facets, ...CRITERION_COLUMNS],
    rows.map((row) => criterionCells(row, facets)),
  );
}
