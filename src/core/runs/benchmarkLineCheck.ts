import { InputError } from '../util/errors';
import { firstIssue } from '../util/zodIssues';
import { type ItemError } from './resultLine';
import { type BenchmarkBasics } from './benchmarkBasics';
import { type RunManifest } from './runManifest';

/** What a run's result lines are checked against while they are read: its items (run.json) and its benchmark. */
export interface ResultsCheck {
  readonly manifest: RunManifest;
  readonly basics: BenchmarkBasics;
}

/**
 * Checks a result line against its run's benchmark: its inputs are one of the benchmark's items, and its
 * error (if any) names one of the benchmark's stages. A line of another benchmark (a results.jsonl copied
 * from another run) is an error naming the file, line and field.
 */
export function checkLineOfBenchmark(
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
