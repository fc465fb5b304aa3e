import * as z from 'zod';
import { type CsvRecord, CsvSyntaxError, readCsvRecords } from '../../util/csvRecords';
import { InputError } from '../../util/errors';
import { parseAt } from '../../util/zodIssues';

const DIGITS = /^\d+$/;
const MAX_ID_CHARS = 64;
const IdSchema = z.string().max(MAX_ID_CHARS).regex(DIGITS, 'expected digits (kept as written, leading zeros included)');

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

const COLUMNS = Object.keys(KalahiRecordSchema.shape) as (keyof KalahiRecord)[];
const ID_COLUMNS: ReadonlySet<string> = new Set(['prompt_variation_id', 'prompt_id']);
const NON_EMPTY_COLUMNS: ReadonlySet<string> = new Set(['category', 'topic', 'prompt', 'best_answer']);

/**
 * KalahiRecordSchema's checks in plain code, for a record of CSV fields: the record as the schema would
 * return it (its keys in the schema's order), or null, and then the schema says what is wrong. Run per
 * record before a run's first request, zod's parse was most of a cold parse of the file (tests check both
 * agree on every official record and on each way a field can fail).
 */
export function checkedRecord(fields: Readonly<Record<string, string>>): KalahiRecord | null {
  const record: Record<string, string> = {};
  for (const name of Object.keys(fields)) if (!(COLUMNS as string[]).includes(name)) return null;
  for (const name of COLUMNS) {
    const value = fields[name];
    if (value === undefined) {
      if (name === 'base') continue;
      return null;
    }
    if (value.length > MAX_FIELD_CHARS || (NON_EMPTY_COLUMNS.has(name) && value === '')) return null;
    if (ID_COLUMNS.has(name) && (value.length > MAX_ID_CHARS || !DIGITS.test(value))) return null;
    record[name] = value;
  }
  return record as KalahiRecord;
}

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

/** Answers as the official code splits them: on ';', each trimmed, empty ones dropped. */
export function splitAnswers(field: string): string[] {
  return field
    .split(';')
    .map((answer) => answer.trim())
    .filter((answer) => answer !== '');
}

function csvRecordsOf(text: string, file: string): CsvRecord[] {
  try {
    return readCsvRecords(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new InputError({ file, line: error.line }, `not valid CSV (${error.message})`);
    throw error;
  }
}

/**
 * Parses a Kalahi CSV (CRLF records, LF inside quoted prompts). Errors name the file, the line where the
 * record starts, the record (1 = the first row after the header) and the field.
 */
export function parseKalahiCsv(text: string, file: string): KalahiItem[] {
  const [header, ...data] = csvRecordsOf(text, file);
  if (header === undefined) throw new InputError({ file }, 'empty file: expected a header row');
  const columns = header.fields;
  const known = Object.keys(KalahiRecordSchema.shape);
  const unknown = columns.find((name) => !known.includes(name));
  if (unknown !== undefined) throw new InputError({ file, line: 1, field: unknown }, 'not a column of Kalahi');
  const missing = known.find((name) => name !== 'base' && !columns.includes(name));
  if (missing !== undefined) throw new InputError({ file, line: 1, field: missing }, 'missing column');
  const seen = new Map<string, number>();
  return data.map((row, index) => {
    const record = index + 1;
    const at = { file, line: row.line, record };
    const fields = Object.fromEntries(columns.map((name, i) => [name, row.fields[i] ?? '']));
    const value = checkedRecord(fields) ?? parseAt(KalahiRecordSchema, fields, at);
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
