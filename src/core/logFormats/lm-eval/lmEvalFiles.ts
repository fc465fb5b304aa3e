import { basename } from 'node:path';
import * as z from 'zod';
import { InputError, UserError } from '../../util/errors';
import { sha256Hex } from '../../util/hash';
import { parsePythonJson } from '../../util/pythonJson';
import { parseAt } from '../../util/zodIssues';

/** One line of samples_<task>_<date>.jsonl, as lm_eval's EvaluationTracker.save_results_samples writes it. */
export const LmEvalSampleSchema = z.looseObject({
  doc_id: z.number().int(),
  doc: z.unknown(),
  target: z.string(),
  arguments: z.record(z.string(), z.record(z.string(), z.unknown())),
  resps: z.array(z.unknown()),
  filtered_resps: z.array(z.unknown()),
  filter: z.string(),
  metrics: z.array(z.string()),
  doc_hash: z.string(),
  prompt_hash: z.string(),
  target_hash: z.string(),
});
export type LmEvalSample = z.infer<typeof LmEvalSampleSchema>;

export const LmEvalResultsSchema = z.looseObject({
  results: z.record(z.string(), z.record(z.string(), z.unknown())),
  'n-samples': z.record(z.string(), z.looseObject({ effective: z.number().int() })).optional(),
  task_hashes: z.record(z.string(), z.string()).optional(),
  config: z.looseObject({ model: z.string().optional(), model_args: z.unknown().optional() }).optional(),
  model_name: z.string().optional(),
  lm_eval_version: z.string().optional(),
  start_time: z.number().optional(),
  date: z.number().optional(),
});
export type LmEvalResults = z.infer<typeof LmEvalResultsSchema>;

const FILE_NAME = /^samples_(.+)_(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(?:\.\d+)?)\.jsonl$/;

/** The task and date in a samples file's name (samples_<task>_<date_id>.jsonl), or null for a renamed file. */
export function taskOfFileName(file: string): { task: string; date: string } | null {
  const match = FILE_NAME.exec(basename(file));
  return match === null ? null : { task: match[1] ?? '', date: match[2] ?? '' };
}

/** The samples' task: --task, else the file's name; a renamed file without --task is refused, listing the results' tasks when given. */
export function taskOfSamples(
  file: string,
  taskOption: string | undefined,
  results: { readonly file: string; readonly read: LmEvalResults } | null,
): string {
  if (taskOption !== undefined) return taskOption;
  const named = taskOfFileName(file);
  if (named !== null) return named.task;
  const tasks = results === null ? '' : ` (the tasks of ${basename(results.file)}: ${Object.keys(results.read.results).join(', ')})`;
  throw new UserError(
    `${file}: its name does not say the task (lm_eval names samples files samples_<task>_<date>.jsonl); name the task with --task NAME${tasks}`,
  );
}

/** Every line parsed and checked; a broken line is an error naming it. */
export function readSamples(bytes: Uint8Array, file: string): LmEvalSample[] {
  const lines = Buffer.from(bytes).toString('utf8').split('\n');
  const samples: LmEvalSample[] = [];
  lines.forEach((text, i) => {
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = parsePythonJson(text);
    } catch (error) {
      throw new InputError(
        { file, line: i + 1 },
        `not valid JSON (${error instanceof Error ? error.message : String(error)}); the file may be cut short: take it again from lm_eval's --output_path`,
      );
    }
    samples.push(parseAt(LmEvalSampleSchema, value, { file, line: i + 1 }));
  });
  if (samples.length === 0) throw new UserError(`${file}: holds no samples`);
  return samples;
}

export function readResults(bytes: Uint8Array, file: string): LmEvalResults {
  let value: unknown;
  try {
    value = parsePythonJson(Buffer.from(bytes).toString('utf8'));
  } catch (error) {
    throw new InputError({ file }, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return parseAt(LmEvalResultsSchema, value, { file });
}

/** The results file must be the samples' run: it has the task, its sample count, and (when written) the hash of the samples. */
export function checkResultsMatch(
  results: LmEvalResults,
  samples: readonly LmEvalSample[],
  task: string,
  files: { samples: string; results: string },
): void {
  if (results.results[task] === undefined)
    throw new UserError(
      `${files.results}: has no results for task "${task}" (it has ${Object.keys(results.results).join(', ')}): it is not the results of ${basename(files.samples)}; pass the results_<date>.json written with it`,
    );
  const filters = new Set(samples.map((s) => s.filter));
  const perFilter = samples.length / filters.size;
  const effective = results['n-samples']?.[task]?.effective;
  if (effective !== undefined && effective !== perFilter)
    throw new UserError(
      `${files.results}: n-samples.${task}.effective is ${effective}, but ${basename(files.samples)} has ${perFilter} samples per filter: not the same run`,
    );
  const expected = results.task_hashes?.[task];
  if (expected !== undefined && expected !== '') {
    const hash = sha256Hex(samples.map((s) => s.doc_hash + s.prompt_hash + s.target_hash).join(''));
    if (hash !== expected)
      throw new UserError(
        `${files.results}: task_hashes.${task} is not the hash of ${basename(files.samples)}'s samples: not the same run`,
      );
  }
}
