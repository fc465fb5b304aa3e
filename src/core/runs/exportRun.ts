import { z } from 'zod';
import { type RunManifest } from './runManifest';
import { readCurrentResults, readManifest } from './runFolder';
import { type ResultLine } from './resultLine';
import { toCsv } from '../util/csv';

export type ExportFormat = 'csv' | 'json';

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
export function yokaiExportRows(manifest: RunManifest, current: ReadonlyMap<string, ResultLine>, inputsOf: (id: string) => unknown): YokaiExportRow[] {
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

/** A verdict in CSV: the words true, false, null; an empty cell means no decision. */
export function verdictCell(verdict: boolean | null | undefined): string {
  return verdict === undefined ? '' : String(verdict);
}

export function exportYokaiRun(dir: string, format: ExportFormat, itemInputs: (id: string) => unknown = () => ({})): string {
  const manifest = readManifest(dir);
  const { byItem } = readCurrentResults(dir, manifest);
  const rows = yokaiExportRows(manifest, byItem, itemInputs);
  if (format === 'json') {
    const items = rows.map((row) => ({ ...row, verdict: row.verdict ?? null, decided: row.verdict !== undefined }));
    return `${JSON.stringify({ run: manifest, items }, null, 2)}\n`;
  }
  const header = ['itemId', 'question', 'choices', 'gold', 'response', 'judgeReply', 'verdict', 'error'];
  return toCsv(
    header,
    rows.map((row) => [row.itemId, row.question, row.choices.join('\n'), row.gold, row.response ?? '', row.judgeReply ?? '', verdictCell(row.verdict), row.error ?? '']),
  );
}
