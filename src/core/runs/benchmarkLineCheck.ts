import { benchmarkBasicsOf } from '../benchmarks/registryBasics';
import { InputError } from '../util/errors';
import { firstIssue } from '../util/zodIssues';
import { type ItemError } from './resultLine';

/**
 * Checks a result line against its run's benchmark: its inputs are one of the benchmark's items, and its
 * error (if any) names one of the benchmark's stages. A line of another benchmark (a results.jsonl copied
 * from another run) is an error naming the file, line and field.
 */
export function checkLineOfBenchmark(
  benchmark: string,
  value: { readonly inputs: unknown; readonly error: ItemError | null },
  file: string,
  line: number,
): void {
  const basics = benchmarkBasicsOf(benchmark);
  const inputs = basics.inputsSchema.safeParse(value.inputs);
  if (!inputs.success) {
    const { field, message } = firstIssue(inputs.error);
    throw new InputError(
      { file, line, field: `inputs.${field}` },
      `${message}: not a result of a ${benchmark} item (a results file of another benchmark?)`,
    );
  }
  const stage = value.error?.stage;
  if (stage !== undefined && !basics.errorStages.includes(stage)) {
    throw new InputError(
      { file, line, field: 'error.stage' },
      `"${stage}" is not a stage of ${benchmark} (${basics.errorStages.join(', ')})`,
    );
  }
}
