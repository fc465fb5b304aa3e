import { parse } from 'csv-parse/sync';
import * as z from 'zod';
import { YOKAIEVAL_MANIFEST } from './manifest';
import { type ResolveOptions, resolveSourceFile } from '../../data/resolveSourceFile';
import { InputError, errorMessage } from '../../util/errors';

/**
 * English glosses of YokaiEval questions. works/YokaiEval-en.csv holds English versions of the 994
 * questions the authors generated (columns yokai_name, prompt: question then the choices, answer: index of
 * the correct choice); data/human_eval.json holds the 810 benchmark items with `index`, their row in that
 * CSV. human_eval.json is not in the order of works/YokaiEval.json (items 766-778 are rotated by one), so
 * items are matched by question text and choices, never by position.
 */
export interface GlossIndex {
  /** The English question (with its choices, as the CSV writes them), or null when there is none. */
  lookup(question: string, choices: readonly string[]): string | null;
  readonly size: number;
}

const CsvRowSchema = z.object({ yokai_name: z.string(), prompt: z.string(), answer: z.string() });
const HumanEvalSchema = z.array(
  z.looseObject({ index: z.number().int().nonnegative(), question: z.string(), choices: z.array(z.string()) }),
);

const keyOf = (question: string, choices: readonly string[]): string => JSON.stringify([question, ...choices]);

/** Builds the index from the two files' text; errors name the file and record. */
export function parseGlosses(csvText: string, csvFile: string, humanEvalText: string, humanEvalFile: string): GlossIndex {
  let records: unknown;
  try {
    records = parse(csvText, { columns: true, bom: true, skip_empty_lines: true });
  } catch (error) {
    throw new InputError({ file: csvFile }, `not valid CSV (${errorMessage(error)})`);
  }
  const rows = z.array(CsvRowSchema).safeParse(records);
  if (!rows.success)
    throw new InputError(
      { file: csvFile },
      `expected the columns yokai_name, prompt, answer (${rows.error.issues[0]?.message ?? 'invalid'})`,
    );
  let json: unknown;
  try {
    json = JSON.parse(humanEvalText);
  } catch (error) {
    throw new InputError({ file: humanEvalFile }, `not valid JSON (${errorMessage(error)})`);
  }
  const items = HumanEvalSchema.safeParse(json);
  if (!items.success) {
    const issue = items.error.issues[0];
    throw new InputError(
      { file: humanEvalFile, ...(typeof issue?.path[0] === 'number' ? { record: issue.path[0] } : {}) },
      issue?.message ?? 'invalid',
    );
  }
  const byKey = new Map<string, string>();
  items.data.forEach((item, record) => {
    const row = rows.data[item.index];
    if (row === undefined)
      throw new InputError(
        { file: humanEvalFile, record, field: 'index' },
        `${item.index} is not a row of ${csvFile} (${rows.data.length} rows)`,
      );
    const text = row.prompt.trim();
    if (text !== '') byKey.set(keyOf(item.question, item.choices), text);
  });
  return { lookup: (question, choices) => byKey.get(keyOf(question, choices)) ?? null, size: byKey.size };
}

/** Resolves both pinned files the way the dataset is (local copy, cache or download, sha256 checked) and indexes them. */
export async function loadYokaiEvalGlosses(options: ResolveOptions): Promise<GlossIndex> {
  const csv = await resolveSourceFile(YOKAIEVAL_MANIFEST, 'englishQuestions', options);
  const humanEval = await resolveSourceFile(YOKAIEVAL_MANIFEST, 'humanEval', options);
  return parseGlosses(csv.bytes.toString('utf8'), csv.path, humanEval.bytes.toString('utf8'), humanEval.path);
}
