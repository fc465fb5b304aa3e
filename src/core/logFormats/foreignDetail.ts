import * as z from 'zod';
import { type ItemDetail } from '../protocol/review';
import { type DetailCommon } from '../contract/benchmark';
import { type ResultLine } from '../runs/resultLine';
import { type ForeignInputs, type ForeignScore, ForeignInputsSchema, TurnSchema, shownValue } from './foreignInputs';

function metadataLines(metadata: unknown, indent = ''): string[] {
  if (metadata === null || metadata === undefined) return [];
  if (typeof metadata !== 'object' || Array.isArray(metadata)) return [`${indent}${shownValue(metadata)}`];
  return Object.entries(metadata as Record<string, unknown>).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? [`${indent}${key}:`, ...metadataLines(value, `${indent}  `)]
      : [`${indent}${key}: ${shownValue(value)}`],
  );
}

/** A score as the detail shows it: value, answer, explanation, metadata (one key a line), earlier edits. */
export function scoreText(score: ForeignScore): string {
  const lines = [`value: ${shownValue(score.value)}`];
  if (score.answer !== null && score.answer !== '') lines.push(`answer: ${score.answer}`);
  if (score.explanation !== null && score.explanation !== '') lines.push(`explanation: ${score.explanation}`);
  const metadata = metadataLines(score.metadata, '  ');
  if (metadata.length > 0) lines.push('metadata:', ...metadata);
  for (const edit of score.history ?? []) {
    lines.push(
      edit.author === null
        ? `history: ${shownValue(edit.value)} (original)`
        : `history: ${shownValue(edit.value)} by ${edit.author}${edit.timestamp === null ? '' : ` at ${edit.timestamp}`}${edit.reason === null ? '' : `: ${edit.reason}`}`,
    );
  }
  return lines.join('\n');
}

/** The detail's fields: each turn of the conversation, the choices with the target marked, the target, every score. */
export function foreignFields(inputs: ForeignInputs): { label: string; text: string }[] {
  const fields = inputs.conversation.map((turn) => ({ label: turn.role, text: turn.text }));
  if (inputs.choices !== null)
    fields.push({
      label: 'choices (✓ target)',
      text: inputs.choices.map((c) => `${c.target ? '✓' : ' '} ${c.label}) ${c.text}`).join('\n'),
    });
  fields.push({ label: 'target', text: inputs.target });
  for (const score of inputs.scores)
    fields.push({
      label: `score ${score.name}${score.name === inputs.verdictScore ? ' (the automatic verdict)' : ''}`,
      text: scoreText(score),
    });
  const metadata = metadataLines(inputs.metadata);
  if (metadata.length > 0) fields.push({ label: 'sample metadata', text: metadata.join('\n') });
  fields.push({ label: 'sample', text: `id ${inputs.sampleId}${inputs.epoch === null ? '' : `, epoch ${inputs.epoch}`}` });
  return fields;
}

export function foreignDetail(common: DetailCommon, line: ResultLine | undefined): ItemDetail | undefined {
  const inputs = ForeignInputsSchema.safeParse(line?.inputs);
  if (!inputs.success) return undefined;
  return { kind: 'texts', ...common, fields: foreignFields(inputs.data), response: line?.response ?? null };
}

export function foreignSearchTexts(line: ResultLine): string[] | undefined {
  const inputs = ForeignInputsSchema.safeParse(line.inputs);
  if (!inputs.success) return undefined;
  return [
    ...inputs.data.conversation.map((t) => t.text),
    ...(inputs.data.choices ?? []).map((c) => c.text),
    inputs.data.target,
    line.response ?? '',
    ...inputs.data.scores.flatMap((s) => [s.answer ?? '', s.explanation ?? '']),
  ];
}

/** A row's label: the last user turn of the input (the question), else the last turn of any role. */
export function foreignLabelText(inputs: Readonly<Record<string, unknown>>): string | undefined {
  const turns = z.array(TurnSchema).safeParse(inputs['conversation']);
  if (!turns.success) return undefined;
  return (turns.data.findLast((t) => t.role === 'user') ?? turns.data.at(-1))?.text;
}
