import { z } from 'zod';
import { type AutoOutcome, type ItemDetail, type ItemRow } from '../../protocol';
import { automaticOutcome } from '../adjudication/adjudicatedScore';
import { type AnnotatorView, type ItemAdjudication } from '../adjudication/itemAdjudication';
import { YokaiEvalRecordSchema } from '../benchmarks/yokaieval/dataset';
import { normalizeRegion } from '../benchmarks/yokaieval/region';
import { type ResultLine } from '../runs/resultLine';

const LABEL_LENGTH = 120;

export function labelOf(line: ResultLine | undefined, itemId: string): string {
  const inputs = line?.inputs;
  const text = typeof inputs?.['question'] === 'string' ? inputs['question'] : typeof inputs?.['prompt'] === 'string' ? inputs['prompt'] : `item ${itemId}`;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LABEL_LENGTH ? `${flat.slice(0, LABEL_LENGTH - 1)}…` : flat;
}

export function facetsOf(line: ResultLine | undefined): Record<string, string> {
  const inputs = line?.inputs;
  if (inputs === undefined) return {};
  const facets: Record<string, string> = {};
  if (typeof inputs['type'] === 'string') facets['type'] = inputs['type'];
  if (typeof inputs['region'] === 'string') facets['region'] = normalizeRegion(inputs['region']);
  if (typeof inputs['category'] === 'string') facets['category'] = inputs['category'];
  if (typeof inputs['topic'] === 'string') facets['topic'] = inputs['topic'];
  return facets;
}

function mineOf(adjudication: ItemAdjudication | undefined, annotator: string): AnnotatorView | undefined {
  return adjudication?.annotators.find((a) => a.annotator === annotator && !a.stale);
}

export function rowOf(itemId: string, index: number, line: ResultLine | undefined, adjudication: ItemAdjudication | undefined, annotator: string): ItemRow {
  const auto: AutoOutcome = automaticOutcome(line);
  const final = adjudication?.final ?? null;
  const mine = mineOf(adjudication, annotator);
  const human = final === null ? 'none' : (String(final.verdict) as 'true' | 'false' | 'null');
  return {
    id: itemId,
    index,
    label: labelOf(line, itemId),
    auto,
    human,
    mine: mine === undefined ? 'none' : mine.state.verdict === undefined ? 'skipped' : (String(mine.state.verdict) as 'true' | 'false' | 'null'),
    flagged: (adjudication?.flags.length ?? 0) > 0,
    stale: adjudication?.stale ?? false,
    conflict: adjudication?.conflict ?? false,
    disagreement: human !== 'none' && human !== auto,
    facets: facetsOf(line),
  };
}

const MessagesSchema = z.array(z.object({ role: z.string(), content: z.string() }));

export function detailOf(itemId: string, line: ResultLine | undefined, adjudication: ItemAdjudication | undefined, annotator: string, canUndo: boolean): ItemDetail {
  const mine = mineOf(adjudication, annotator);
  const common = {
    id: itemId,
    auto: automaticOutcome(line),
    error: line?.error ?? null,
    annotators: (adjudication?.annotators ?? []).map((a) => ({ annotator: a.annotator, role: a.role, decision: { ...a.state }, time: a.time, stale: a.stale, blind: a.blind })),
    mine: mine === undefined ? null : { ...mine.state },
    final: adjudication?.final ? { ...adjudication.final, by: [...adjudication.final.by] } : null,
    conflict: adjudication?.conflict ?? false,
    canUndo,
  };
  const record = YokaiEvalRecordSchema.safeParse(line?.inputs);
  if (record.success && line !== undefined) {
    const messages = MessagesSchema.safeParse(line.prompt?.messages ?? []);
    const list = messages.success ? messages.data : [];
    return {
      kind: 'yokaieval',
      ...common,
      question: record.data.question,
      choices: record.data.choices,
      gold: record.data.answer,
      prompt: list.filter((m) => m.role === 'user').map((m) => m.content).join('\n'),
      systemPrompt: list.find((m) => m.role === 'system')?.content ?? null,
      response: line.response,
      refusal: line.refusal ?? null,
      judgeReply: line.judgeReply,
      type: record.data.type,
      region: record.data.region,
      regionNormalized: normalizeRegion(record.data.region),
      url: record.data.url,
      refsDetail: record.data.refs_detail,
    };
  }
  const fields = Object.entries(line?.inputs ?? {})
    .filter(([, value]) => typeof value === 'string')
    .map(([label, text]) => ({ label, text: String(text) }));
  return { kind: 'generic', ...common, fields, response: line?.response ?? null };
}
