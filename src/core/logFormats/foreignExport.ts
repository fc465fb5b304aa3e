import { automaticOutcome } from '../adjudication/adjudicatedScore';
import { type AdjudicationCells } from '../adjudication/adjudicationCells';
import { type RunState } from '../adjudication/runState';
import { automaticScore } from '../runs/automaticSummary';
import { type ExportFormat, verdictCell } from '../runs/exportFormat';
import { type SourceFigure } from '../runs/sourceFigure';
import { toCsv } from '../util/csv';
import { type ForeignRow, rowOf } from './foreignRows';
import { gradedScaleOf } from '../export/gradedRows';
import { exportForeignGraded } from './foreignGradedExport';

const PLAIN_HEADER = ['itemId', 'sampleId', 'epoch', 'input', 'target', 'output', 'scoreValue', 'verdict', 'error'];

function plainCells(row: ForeignRow): string[] {
  return [
    row.itemId,
    row.sampleId,
    row.epoch === null ? '' : String(row.epoch),
    row.input,
    row.target,
    row.output ?? '',
    row.scoreValue,
    verdictCell(row.verdict),
    row.error ?? '',
  ];
}

/** `export RUNDIR`: one row per sample in the log's order. */
export function exportForeignPlain(state: RunState, format: ExportFormat): string {
  const rows = state.manifest.dataset.itemIds.map((id) => rowOf(id, state.current.get(id)));
  if (format === 'json')
    return `${JSON.stringify({ run: state.manifest, items: rows.map((r) => ({ ...r, verdict: r.verdict ?? null })) }, null, 2)}\n`;
  return toCsv(PLAIN_HEADER, rows.map(plainCells));
}

/** `export --adjudicated`: the log's verdict beside the human one, who decided, flags and notes. */
export function exportForeignAdjudicated(
  state: RunState,
  format: ExportFormat,
  cellsOf: (itemId: string) => AdjudicationCells,
  figure?: SourceFigure,
): string {
  const scale = gradedScaleOf(state);
  if (scale !== undefined) return exportForeignGraded(state, scale, format, cellsOf, figure);
  const rows = state.manifest.dataset.itemIds.map((id) => ({
    row: rowOf(id, state.current.get(id)),
    outcome: automaticOutcome(state.current.get(id)),
    cells: cellsOf(id),
  }));
  if (format === 'json') {
    const items = rows.map(({ row, outcome, cells }) => ({
      ...row,
      verdict: undefined,
      automaticVerdict: row.verdict ?? null,
      automaticOutcome: outcome,
      ...cells,
      humanVerdict: cells.humanVerdict ?? null,
      humanDecided: cells.humanVerdict !== undefined,
    }));
    return `${JSON.stringify({ run: state.manifest, automatic: automaticScore(state.manifest, state.current), adjudicated: state.adjudicatedScore(), items }, null, 2)}\n`;
  }
  const header = [
    'itemId',
    'sampleId',
    'epoch',
    'target',
    'output',
    'scoreValue',
    'automaticVerdict',
    'humanVerdict',
    'decidedBy',
    'annotators',
    'flags',
    'notes',
    'stale',
    'conflict',
  ];
  return toCsv(
    header,
    rows.map(({ row, cells }) => [
      row.itemId,
      row.sampleId,
      row.epoch === null ? '' : String(row.epoch),
      row.target,
      row.output ?? '',
      row.scoreValue,
      verdictCell(row.verdict),
      verdictCell(cells.humanVerdict),
      cells.decidedBy.join('; '),
      cells.annotators.join('; '),
      cells.flags.join('; '),
      cells.notes.map((n) => `${n.annotator}: ${n.note}`).join('\n'),
      String(cells.stale),
      String(cells.conflict),
    ]),
  );
}
