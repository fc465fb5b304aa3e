import { z } from 'zod';
import { InputError } from '../../util/errors';
import { parseAt } from '../../util/zodIssues';

export const YokaiEvalRecordSchema = z.object({
  question: z.string().min(1),
  choices: z.array(z.string().min(1)).length(4),
  answer: z.string().min(1),
  region: z.string(),
  type: z.string().min(1),
  ref: z.string(),
  url: z.string(),
  refs_detail: z.array(z.string().nullable()),
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
    throw new InputError({ file }, `not valid JSON (${(error as Error).message})`);
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
