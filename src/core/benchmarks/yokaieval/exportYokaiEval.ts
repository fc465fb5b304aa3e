import * as z from 'zod';
import { automaticOutcome } from '../../adjudication/adjudicatedScore';
import { type AdjudicationCells } from '../../adjudication/adjudicationCells';
import { type RunState } from '../../adjudication/runState';
import { automaticScore } from '../../runs/automaticSummary';
import { type ExportFormat, verdictCell } from '../../runs/exportFormat';
import { type RunManifest } from '../../runs/runManifest';
import { type ResultLine } from '../../runs/resultLine';
import { toCsv } from '../../util/csv';
import { withoutMachinePaths } from '../../util/machinePaths';

const YokaiInputsSchema = z.object({ question: z.string(), choices: z.array(z.string()), answer: z.string() });

export interface YokaiExportRow {
  readonly itemId: string;
  readonly question: string;
  readonly choices: readonly string[];
  readonly gold: string;
  readonly response: string | null;
  readonly judgeReply: string | null;
  readonly verdict: boolean | null | undefined;
  readonly error: string | null;
}

/**
 * One row per item of the run, in dataset order; an item with no result has no verdict (undefined), and its
 * texts come from inputsOf when the caller has the dataset at hand (blank otherwise).
 */
export function yokaiExportRows(
  manifest: RunManifest,
  current: ReadonlyMap<string, ResultLine>,
  inputsOf: (id: string) => unknown,
): YokaiExportRow[] {
  return manifest.dataset.itemIds.map((itemId) => {
    const line = current.get(itemId);
    const parsed = YokaiInputsSchema.safeParse(line?.inputs ?? inputsOf(itemId));
    const inputs = parsed.success ? parsed.data : { question: '', choices: [], answer: '' };
    return {
      itemId,
      question: inputs.question,
      choices: inputs.choices,
      gold: inputs.answer,
      response: line?.response ?? null,
      judgeReply: line?.judgeReply ?? null,
      verdict: line === undefined || line.error !== null ? undefined : line.verdict,
      error: line?.error ? `${line.error.stage}: ${line.error.kind}: ${line.error.message}` : null,
    };
  });
}

export function exportYokaiRun(state: RunState, format: ExportFormat, itemInputs: (id: string) => unknown = () => ({})): string {
  const { manifest } = state;
  const rows = yokaiExportRows(manifest, state.current, itemInputs);
  if (format === 'json') {
    const items = rows.map((row) => ({ ...row, verdict: row.verdict ?? null, decided: row.verdict !== undefined }));
    return `${JSON.stringify({ run: withoutMachinePaths(manifest), items }, null, 2)}\n`;
  }
  const header = ['itemId', 'question', 'choices', 'gold', 'response', 'judgeReply', 'verdict', 'error'];
  return toCsv(
    header,
    rows.map((row) => [
      row.itemId,
      row.question,
      row.choices.join('\n'),
      row.gold,
      row.response ?? '',
      row.judgeReply ?? '',
      verdictCell(row.verdict),
      row.error ?? '',
    ]),
  );
}

/**
 * Adjudicated export: per item the automatic verdict beside the final human verdict, who decided, flags and
 * notes; per run (JSON) the automatic and the adjudicated score, overrides by direction and flag counts.
 */
export function exportYokaiEvalAdjudicated(state: RunState, format: ExportFormat, cellsOf: (itemId: string) => AdjudicationCells): string {
  const rows = yokaiExportRows(state.manifest, state.current, () => ({})).map((row) => ({
    itemId: row.itemId,
    question: row.question,
    choices: row.choices,
    gold: row.gold,
    response: row.response,
    judgeReply: row.judgeReply,
    automaticVerdict: row.verdict,
    automaticOutcome: automaticOutcome(state.current.get(row.itemId)),
    ...cellsOf(row.itemId),
  }));
  if (format === 'json') {
    const items = rows.map((r) => ({
      ...r,
      automaticVerdict: r.automaticVerdict ?? null,
      humanVerdict: r.humanVerdict ?? null,
      humanDecided: r.humanVerdict !== undefined,
    }));
    const body = {
      run: withoutMachinePaths(state.manifest),
      automatic: automaticScore(state.manifest, state.current),
      adjudicated: state.adjudicatedScore(),
      items,
    };
    return `${JSON.stringify(body, null, 2)}\n`;
  }
  const header = [
    'itemId',
    'question',
    'choices',
    'gold',
    'response',
    'judgeReply',
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
