import { type ResultLine } from '../runs/resultLine';
import { ForeignInputsSchema, shownValue } from './foreignInputs';

/** A sample of an imported log as its exports show it, whatever the framework. */
export interface ForeignRow {
  readonly itemId: string;
  readonly sampleId: string;
  readonly epoch: number | null;
  readonly input: string;
  readonly target: string;
  readonly output: string | null;
  readonly scoreValue: string;
  readonly verdict: boolean | null | undefined;
  readonly error: string | null;
}

export function rowOf(itemId: string, line: ResultLine | undefined): ForeignRow {
  const parsed = ForeignInputsSchema.safeParse(line?.inputs);
  const inputs = parsed.success ? parsed.data : undefined;
  const verdictScore = inputs?.scores.find((s) => s.name === inputs.verdictScore);
  return {
    itemId,
    sampleId: inputs?.sampleId ?? '',
    epoch: inputs?.epoch ?? null,
    input: inputs?.conversation.map((t) => `${t.role}: ${t.text}`).join('\n\n') ?? '',
    target: inputs?.target ?? '',
    output: line?.response ?? null,
    scoreValue: verdictScore === undefined ? '' : shownValue(verdictScore.value),
    verdict: line === undefined || line.error !== null ? undefined : line.verdict,
    error: line?.error ? `${line.error.kind}: ${line.error.message}` : null,
  };
}
