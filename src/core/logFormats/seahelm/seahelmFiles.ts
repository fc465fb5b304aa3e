import { basename, dirname, join } from 'node:path';
import * as z from 'zod';
import { InputError, UserError, errorMessage } from '../../util/errors';
import { parseAt } from '../../util/zodIssues';

/**
 * The files SEA-HELM writes for a task (src/dataloaders/base_dataloader.py and judges/judge_dataloader.py at
 * 6844e6c), in <run>/inferences/<lang>/<task>/: the inference file <model>_<task>_<lang>.jsonl (the task's
 * dataframe after its metric) and, beside it, the judge's replies <model>_<task>_<lang>_turn1_judge_batch_response.jsonl.
 */
export const JUDGE_BATCH_RESPONSE_SUFFIX = '_turn1_judge_batch_response';
const OTHER_FILES = /_turn\d+_(judge_batch_response|judge_batch|batch_response|batch)(_temp_retry\d+|_missing_retry\d+)?\.jsonl$/;

/** get_judge_batch_response_filepath() for the inference file's run: the same folder, the same parts, then turn1_judge_batch_response. */
export function judgeFileBeside(inferenceFile: string): string {
  return join(dirname(inferenceFile), `${basename(inferenceFile).replace(/\.jsonl$/, '')}${JUDGE_BATCH_RESPONSE_SUFFIX}.jsonl`);
}

export interface SeahelmFileNames {
  readonly model: string;
  readonly task: string;
  readonly lang: string;
}

/**
 * The model, task and language in an inference file's name (<basename of the model>_<task>_<lang>.jsonl),
 * the task and language checked against the folders inferences/<lang>/<task>/ when the file sits in them.
 */
export function namesOf(inferenceFile: string): SeahelmFileNames {
  const name = basename(inferenceFile);
  if (OTHER_FILES.test(name))
    throw new UserError(
      `${inferenceFile}: is one of SEA-HELM's batch files, not the inference file; pass <model>_<task>_<lang>.jsonl from the same folder`,
    );
  const stem = name.replace(/\.jsonl$/, '');
  const taskFolder = basename(dirname(inferenceFile));
  const langFolder = basename(dirname(dirname(inferenceFile)));
  if (stem.endsWith(`_${taskFolder}_${langFolder}`) && stem.length > taskFolder.length + langFolder.length + 2) {
    return { model: stem.slice(0, -(taskFolder.length + langFolder.length + 2)), task: taskFolder, lang: langFolder };
  }
  const parts = stem.split('_');
  if (parts.length < 3 || name === stem)
    throw new UserError(`${inferenceFile}: not named as SEA-HELM names an inference file (<model>_<task>_<lang>.jsonl)`);
  return { model: parts.slice(0, -2).join('_'), task: parts.at(-2) ?? '', lang: parts.at(-1) ?? '' };
}

/** One line of the inference file: the fields SEA-HELM's criteria dataloader and metric read, the rest kept as they are. */
export const InferenceLineSchema = z.looseObject({
  id: z.union([z.string(), z.number().int()]),
  prompts: z.array(z.record(z.string(), z.unknown())).min(1),
  criteria: z.array(z.looseObject({ criterion: z.string() })).min(1),
  metadata: z.looseObject({ category: z.string() }),
  responses: z.array(z.string().nullable()).min(1),
  conversations: z.array(z.looseObject({ role: z.string(), content: z.unknown() })).optional(),
  errors: z.array(z.unknown()).nullable().optional(),
  label: z.unknown().optional(),
});
export type InferenceLine = z.infer<typeof InferenceLineSchema>;

/** One line of the judge's batch response: which criterion (custom_ids) and the judge's reply (null: none). */
export const JudgeLineSchema = z.looseObject({
  custom_ids: z.string(),
  responses: z.string().nullable().optional(),
  errors: z.unknown().optional(),
  reasoning_contents: z.string().nullable().optional(),
});
export type JudgeLine = z.infer<typeof JudgeLineSchema>;

export interface Numbered<T> {
  readonly value: T;
  /** 1-based line of the file. */
  readonly line: number;
}

/** Every line of a JSON Lines file checked against the schema (a last line without its newline counts: pandas wrote the file whole). */
export function readLines<S extends z.ZodType>(bytes: Uint8Array, file: string, schema: S): Numbered<z.output<S>>[] {
  const records: Numbered<z.output<S>>[] = [];
  Buffer.from(bytes)
    .toString('utf8')
    .split('\n')
    .forEach((text, index) => {
      if (text.trim() === '') return;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new InputError(
          { file, line: index + 1 },
          `not valid JSON (${errorMessage(error)}); the file may be cut short: take it again from SEA-HELM's inferences folder`,
        );
      }
      records.push({ value: parseAt(schema, json, { file, line: index + 1 }), line: index + 1 });
    });
  if (records.length === 0) throw new UserError(`${file}: holds no lines`);
  return records;
}
