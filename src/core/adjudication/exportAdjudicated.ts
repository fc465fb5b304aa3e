import { automaticScore } from '../runs/automaticSummary';
import { type ExportFormat, verdictCell, yokaiExportRows } from '../runs/exportRun';
import { toCsv } from '../util/csv';
import { automaticOutcome } from './adjudicatedScore';
import { type AdjudicationCells, exportKalahiAdjudicated } from './exportKalahiAdjudicated';
import { type RunState, loadRunState } from './runState';

/**
 * Adjudicated export: per item the automatic verdict beside the final human verdict, who decided, flags and
 * notes; per run (JSON) the automatic and the adjudicated score, overrides by direction and flag counts.
 */
export function exportAdjudicated(dir: string, format: ExportFormat, state: RunState = loadRunState(dir)): string {
  if (state.manifest.benchmark === 'kalahi') {
    return exportKalahiAdjudicated(state, format, (itemId) => adjudicationCells(state, itemId));
  }
  const rows = yokaiExportRows(state.manifest, state.current, () => ({})).map((row) => ({
    itemId: row.itemId,
    question: row.question,
    choices: row.choices,
    gold: row.gold,
    response: row.response,
    judgeReply: row.judgeReply,
    automaticVerdict: row.verdict,
    automaticOutcome: automaticOutcome(state.current.get(row.itemId)),
    ...adjudicationCells(state, row.itemId),
  }));
  if (format === 'json') {
    const items = rows.map((r) => ({ ...r, automaticVerdict: r.automaticVerdict ?? null, humanVerdict: r.humanVerdict ?? null, humanDecided: r.humanVerdict !== undefined }));
    const body = { run: state.manifest, automatic: automaticScore(state.manifest, state.current), adjudicated: state.adjudicatedScore(), items };
    return `${JSON.stringify(body, null, 2)}\n`;
  }
  const header = ['itemId', 'question', 'choices', 'gold', 'response', 'judgeReply', 'automaticVerdict', 'humanVerdict', 'decidedBy', 'annotators', 'flags', 'notes', 'stale', 'conflict'];
  return toCsv(
    header,
    rows.map((r) => [
      r.itemId,
      r.question,
      r.choices.join('\n'),
      r.gold,
      r.response ?? '',
      r.judgeReply ?? '',
      verdictCell(r.automaticVerdict),
      verdictCell(r.humanVerdict),
      r.decidedBy.join('; '),
      r.annotators.join('; '),
      r.flags.join('; '),
      r.notes.map((n) => `${n.annotator}: ${n.note}`).join('\n'),
      String(r.stale),
      String(r.conflict),
    ]),
  );
}

/** The human side of an item's row, the same for every benchmark: final verdict, who, flags, live notes. */
function adjudicationCells(state: RunState, itemId: string): AdjudicationCells {
  const adjudication = state.adjudication(itemId);
  const live = adjudication?.annotators.filter((a) => !a.stale) ?? [];
  return {
    humanVerdict: adjudication?.final === null || adjudication === undefined ? undefined : adjudication.final.verdict,
    decidedBy: adjudication?.final?.by ?? [],
    finalSource: adjudication?.final?.source ?? null,
    annotators: adjudication?.annotators.map((a) => a.annotator) ?? [],
    flags: adjudication?.flags ?? [],
    notes: live.filter((a) => a.state.note !== '').map((a) => ({ annotator: a.annotator, note: a.state.note })),
    stale: adjudication?.stale ?? false,
    conflict: adjudication?.conflict ?? false,
  };
}
