import { type AdjudicationCells } from '../adjudication/adjudicationCells';
import { type RunState } from '../adjudication/runState';
import { GRADE_COLUMNS, annotatorGradesCell, gradeColumnCells } from '../export/gradedCells';
import { facetColumns, gradedItemRow } from '../export/gradedRows';
import { type ExportFormat } from '../runs/exportFormat';
import { type SourceFigure } from '../runs/sourceFigure';
import { type GradedScale } from '../scale/verdictScale';
import { gradedSummaryOf } from '../summary/gradedRunSummary';
import { facetsOf } from '../judgeValidation/facets';
import { toCsv } from '../util/csv';
import { rowOf } from './foreignRows';

const FIXED_COLUMNS = ['itemId', 'sampleId', 'epoch'] as const;

/**
 * The columns of a graded log's `export --adjudicated` (CSV) after itemId, sampleId, epoch and the
 * benchmark's facets: the grades on the source's scale in place of the binary verdicts. Others read them by
 * name (the review e2e, notebooks): keep them stable.
 */
export const GRADED_ITEM_COLUMNS = [
  'target',
  'output',
  'scoreValue',
  ...GRADE_COLUMNS,
  'criteria',
  'criteriaDecided',
  'decidedBy',
  'annotators',
  'grades',
  'flags',
  'notes',
  'stale',
  'conflict',
  'error',
] as const;

/**
 * `export --adjudicated` of a graded log: per item the log's grade beside the final human grade on the
 * source's scale (level name and value; null written as null, no grade as empty), who decided, flags and
 * notes; JSON adds the run's graded score and the source's figure (`graded`), where a binary run has its
 * automatic and adjudicated accuracy.
 */
export function exportForeignGraded(
  state: RunState,
  scale: GradedScale,
  format: ExportFormat,
  cellsOf: (itemId: string) => AdjudicationCells,
  figure: SourceFigure | undefined,
): string {
  const rows = state.manifest.dataset.itemIds.map((id) => {
    const line = state.current.get(id);
    return {
      row: rowOf(id, line),
      facets: line === undefined ? {} : facetsOf(state.basics, line.inputs),
      graded: gradedItemRow(state, scale, id),
      cells: cellsOf(id),
    };
  });
  if (format === 'json') {
    const items = rows.map(({ row, facets, graded, cells }) => ({
      itemId: row.itemId,
      sampleId: row.sampleId,
      epoch: row.epoch,
      facets,
      input: row.input,
      target: row.target,
      output: row.output,
      scoreValue: row.scoreValue,
      ...graded,
      flags: cells.flags,
      notes: cells.notes,
      stale: cells.stale,
      conflict: cells.conflict,
      error: row.error,
    }));
    return `${JSON.stringify({ run: state.manifest, graded: gradedSummaryOf(state, scale, figure), items }, null, 2)}\n`;
  }
  const facetNames = facetColumns(state, [...FIXED_COLUMNS, ...GRADED_ITEM_COLUMNS]);
  return toCsv(
    [...FIXED_COLUMNS, ...facetNames, ...GRADED_ITEM_COLUMNS],
    rows.map(({ row, facets, graded, cells }) => [
      row.itemId,
      row.sampleId,
      row.epoch === null ? '' : String(row.epoch),
      ...facetNames.map((f) => facets[f] ?? ''),
      row.target,
      row.output ?? '',
      row.scoreValue,
      ...gradeColumnCells(graded.automatic, graded.human, graded.adjudicated),
      String(graded.criteria),
      String(graded.criteriaDecided),
      graded.human?.decidedBy.join('; ') ?? '',
      graded.annotators.join('; '),
      annotatorGradesCell(graded.annotatorGrades),
      cells.flags.join('; '),
      cells.notes.map((n) => `${n.annotator}: ${n.note}`).join('\n'),
      String(cells.stale),
      String(cells.conflict),
      row.error ?? '',
    ]),
  );
}
