import * as z from 'zod';
import { InputError, errorMessage } from '../../util/errors';
import { parseAt } from '../../util/zodIssues';

/** No official field comes near this; a longer one is a broken or hostile file, refused before any request. */
export const MAX_FIELD_CHARS = 100_000;
const text = (): z.ZodString => z.string().max(MAX_FIELD_CHARS, `longer than ${MAX_FIELD_CHARS} characters`);

export const YokaiEvalRecordSchema = z.object({
  question: text().min(1),
  choices: z.array(text().min(1)).length(4),
  answer: text().min(1),
  region: text(),
  type: text().min(1),
  ref: text(),
  url: text(),
  refs_detail: z.array(text().nullable()).max(1000),
});
export type YokaiEvalRecord = z.infer<typeof YokaiEvalRecordSchema>;

export interface YokaiEvalItem {
  /** The 0-based position in works/YokaiEval.json, as a string (question texts are not unique). */
  readonly id: string;
  readonly record: YokaiEvalRecord;
}

/** Parses works/YokaiEval.json; an invalid record is an error naming the file, record index and field. */
export function parseYokaiEval(text: string, file: string): YokaiEvalItem[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputError({ file }, `not valid JSON (${errorMessage(error)})`);
  }
  if (!Array.isArray(json)) throw new InputError({ file }, 'expected a JSON array of questions');
  return json.map((value: unknown, index) => {
    const record = parseAt(YokaiEvalRecordSchema, value, { file, record: index });
    if (!record.choices.includes(record.answer)) {
      throw new InputError({ file, record: index, field: 'answer' }, `"${record.answer}" is not one of the choices`);
    }
    return { id: String(index), record };
  });
}
