import { InputError, UserError } from '../util/errors';
import { firstIssue } from '../util/zodIssues';
import { type ItemError } from './resultLine';
import { type BenchmarkBasics } from './benchmarkBasics';
import { type RunManifest } from './runManifest';

/** What a run's result lines are checked against while they are read: its items (run.json) and its benchmark. */
export interface ResultsCheck {
  readonly manifest: RunManifest;
  readonly basics: BenchmarkBasics;
}

/** A result line's check as a reader holds it: the benchmark's basics, and the run's item ids (run.json's, or the caller's). */
export interface LineCheck {
  readonly basics: BenchmarkBasics;
  readonly known: { has(itemId: string): boolean };
}

/** The line check of a run read with `check`, its item ids from run.json unless the caller holds them already. */
export function lineCheckOf(check: ResultsCheck, known?: LineCheck['known']): LineCheck {
  return { basics: check.basics, known: known ?? new Set(check.manifest.dataset.itemIds) };
}

/** Checks a result line against its run: its benchmark (checkLineOfBenchmark), and its itemId one of the run's items. */
export function checkLineOfRun(
  check: LineCheck,
  value: { readonly itemId: string; readonly inputs: unknown; readonly error: ItemError | null },
  file: string,
  line: number,
): void {
  checkLineOfBenchmark(check.basics, value, file, line);
  if (!check.known.has(value.itemId))
    throw new UserError(`${file} line ${line}, field "itemId": "${value.itemId}" is not an item of this run`);
}

/**
 * Checks a result line against its run's benchmark: its inputs are one of the benchmark's items, and its
 * error (if any) names one of the benchmark's stages. A line of another benchmark (a results.jsonl copied
 * from another run) is an error naming the file, line and field.
 */
function checkLineOfBenchmark(
  basics: BenchmarkBasics,
  value: { readonly inputs: unknown; readonly error: ItemError | null },
  file: string,
  line: number,
): void {
  const inputs = basics.inputsSchema.safeParse(value.inputs);
  if (!inputs.success) {
    const { field, message } = firstIssue(inputs.error);
    throw new InputError(
      { file, line, field: `inputs.${field}` },
      `${message}: not a result of a ${basics.id} item (a results file of another benchmark?)`,
    );
  }
  const stage = value.error?.stage;
  if (stage !== undefined && !basics.errorStages.includes(stage)) {
    throw new InputError(
      { file, line, field: 'error.stage' },
      `"${stage}" is not a stage of ${basics.id} (${basics.errorStages.join(', ')})`,
    );
  }
}
