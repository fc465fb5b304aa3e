import { type ItemDetail } from '../../protocol/review';
import { type DetailCommon } from '../../contract/benchmark';
import { type ResultLine } from '../../runs/resultLine';
import { type CriterionResult } from '../../scale/criteria';
import { SeahelmInputsSchema } from './basics';

function criterionLabel(criterion: CriterionResult, index: number, count: number): string {
  const grade = criterion.grade === null ? 'null (SEA-HELM counts 0)' : String(criterion.grade);
  return `criterion ${index + 1}/${count} · ${criterion.id} · ${criterion.level ?? 'no classification'} → ${grade}`;
}

/**
 * The item's detail: the situation, what the model saw, the reference, each criterion (its text, the judge's
 * classification as written and reflection; the raw replies in a field of their own), the answer as the
 * response. The review adds the criteria one by one beside it (src/core/review/gradedViews.ts).
 */
export function seahelmDetail(common: DetailCommon, line: ResultLine | undefined): ItemDetail | undefined {
  const parsed = SeahelmInputsSchema.safeParse(line?.inputs);
  if (!parsed.success || line === undefined) return undefined;
  const inputs = parsed.data;
  const criteria = line.criteria ?? [];
  const fields: { label: string; text: string; automatic?: boolean }[] = [{ label: 'situation', text: inputs.situation }];
  const prompt = inputs.conversation.map((t) => (inputs.conversation.length === 1 ? t.text : `${t.role}: ${t.text}`)).join('\n\n');
  if (prompt !== inputs.situation) fields.push({ label: 'prompt (as the model saw it)', text: prompt });
  if (inputs.target !== '') fields.push({ label: 'reference (label)', text: inputs.target });
  if (inputs.modelError !== null)
    fields.push({ label: "the model's error", text: `${inputs.modelError} (SEA-HELM judged the answer as "")` });
  // What the judge said is marked automatic: blind review hides it until the annotator has decided.
  fields.push({
    label: `score ${inputs.verdictScore ?? ''}`,
    text: `${line.grade ?? 'null'}: ${inputs.scores[0]?.explanation ?? ''}`,
    automatic: true,
  });
  criteria.forEach((c, i) =>
    fields.push({
      label: criterionLabel(c, i, criteria.length),
      text: `${c.text}\n\nreflection: ${c.reasoning ?? '(none)'}`,
      automatic: true,
    }),
  );
  fields.push({
    label: "judge's replies (raw)",
    text: criteria.map((c) => `[${c.id}]\n${c.judgeReply ?? '(no reply)'}`).join('\n\n'),
    automatic: true,
  });
  fields.push({ label: 'item', text: `id ${inputs.sampleId}, category ${inputs.category}` });
  return { kind: 'texts', ...common, fields, response: line.response };
}

export function seahelmSearchTexts(line: ResultLine): string[] | undefined {
  const parsed = SeahelmInputsSchema.safeParse(line.inputs);
  if (!parsed.success) return undefined;
  return [
    parsed.data.situation,
    parsed.data.target,
    line.response ?? '',
    ...(line.criteria ?? []).flatMap((c) => [c.text, c.reasoning ?? '']),
  ];
}

/** A row's label: the situation. */
export function seahelmLabelText(inputs: Readonly<Record<string, unknown>>): string | undefined {
  return typeof inputs['situation'] === 'string' ? inputs['situation'] : undefined;
}
