import { parse } from 'csv-parse/sync';
import * as z from 'zod';
import { InputError, errorMessage } from '../../util/errors';
import { parseAt } from '../../util/zodIssues';

const IdSchema = z.string().max(64).regex(/^\d+$/, 'expected digits (kept as written, leading zeros included)');

/** No official field comes near this; a longer one is a broken or hostile file, refused before any request. */
export const MAX_FIELD_CHARS = 100_000;
const text = (): z.ZodString => z.string().max(MAX_FIELD_CHARS, `longer than ${MAX_FIELD_CHARS} characters`);

/** One row of data/filipino*.csv as written; `base` only in filipino_unenriched.csv. */
export const KalahiRecordSchema = z.strictObject({
  prompt_variation_id: IdSchema,
  prompt_id: IdSchema,
  base: text().optional(),
  category: text().min(1),
  topic: text().min(1),
  prompt: text().min(1),
  best_answer: text().min(1),
  relevant_answers: text(),
  irrelevant_answers: text(),
});
export type KalahiRecord = z.infer<typeof KalahiRecordSchema>;

export interface KalahiItem {
  /** prompt_variation_id as written ("0101000100"). */
  readonly id: string;
  readonly record: KalahiRecord;
  /** relevant_answers split on ';', trimmed, empties dropped; no period appended yet. */
  readonly relevant: readonly string[];
  readonly irrelevant: readonly string[];
  /** Index of the trimmed best_answer in `relevant`. */
  readonly bestIndex: number;
}

const ParsedRowsSchema = z.array(z.object({ record: z.array(z.string()), raw: z.string(), info: z.object({ lines: z.number().int() }) }));

/** Answers as the official code splits them: on ';', each trimmed, empty ones dropped. */
export function splitAnswers(field: string): string[] {
  return field
    .split(';')
    .map((answer) => answer.trim())
    .filter((answer) => answer !== '');
}

/**
 * Parses a Kalahi CSV (CRLF records, LF inside quoted prompts). Errors name the file, the line where the
 * record starts, the record (1 = the first row after the header) and the field.
 */
export function parseKalahiCsv(text: string, file: string): KalahiItem[] {
  let parsed: unknown;
  try {
    parsed = parse(text, { info: true, raw: true, bom: true, skip_empty_lines: true, relax_column_count: false });
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw new InputError({ file, ...(typeof line === 'number' ? { line } : {}) }, `not valid CSV (${errorMessage(error)})`);
  }
  const rows = ParsedRowsSchema.parse(parsed);
  const [header, ...data] = rows;
  if (header === undefined) throw new InputError({ file }, 'empty file: expected a header row');
  const columns = header.record;
  const known = Object.keys(KalahiRecordSchema.shape);
  const unknown = columns.find((name) => !known.includes(name));
  if (unknown !== undefined) throw new InputError({ file, line: 1, field: unknown }, 'not a column of Kalahi');
  const missing = known.find((name) => name !== 'base' && !columns.includes(name));
  if (missing !== undefined) throw new InputError({ file, line: 1, field: missing }, 'missing column');
  const seen = new Map<string, number>();
  return data.map((row, index) => {
    const record = index + 1;
    // raw may start with the line break of a skipped empty line; its '\n's are the record's extra lines.
    const line = row.info.lines - (row.raw.match(/\n/g)?.length ?? 0);
    const at = { file, line, record };
    const value = parseAt(KalahiRecordSchema, Object.fromEntries(columns.map((name, i) => [name, row.record[i]])), at);
    const id = value.prompt_variation_id;
    const earlier = seen.get(id);
    if (earlier !== undefined) throw new InputError({ ...at, field: 'prompt_variation_id' }, `"${id}" repeats record ${earlier}`);
    seen.set(id, record);
    const relevant = splitAnswers(value.relevant_answers);
    const irrelevant = splitAnswers(value.irrelevant_answers);
    if (relevant.length === 0) throw new InputError({ ...at, field: 'relevant_answers' }, 'no answer after splitting on ";"');
    if (irrelevant.length === 0) throw new InputError({ ...at, field: 'irrelevant_answers' }, 'no answer after splitting on ";"');
    const best = value.best_answer.trim();
    const bestIndex = relevant.indexOf(best);
    if (bestIndex === -1) {
      throw new InputError({ ...at, field: 'best_answer' }, `"${best}" is not one of the relevant_answers (split on ";" and trimmed)`);
    }
    return { id, record: value, relevant, irrelevant, bestIndex };
  });
}
