import { z } from 'zod';
import { type AutoOutcome, type ItemDetail, type ItemRow } from '../../protocol';
import { automaticOutcome } from '../adjudication/adjudicatedScore';
import { type AnnotatorView, type ItemAdjudication } from '../adjudication/itemAdjudication';
import { recordsSomething } from '../adjudication/reviewed';
import { YokaiEvalRecordSchema } from '../benchmarks/yokaieval/dataset';
import { type GlossIndex } from '../benchmarks/yokaieval/gloss';
import { normalizeRegion } from '../benchmarks/yokaieval/region';
import { type ResultLine } from '../runs/resultLine';
import { asKalahiLine, kalahiDetail, kalahiRowExtras, kalahiSearchTexts } from './kalahiViews';

const LABEL_LENGTH = 120;

/** What the views of a run's items depend on besides the item. */
export interface ViewContext {
  readonly model: string;
  /** False for a Kalahi MC-only run: its items take flags and notes, no verdict. */
  readonly decidable: boolean;
  /** Kalahi: the metric whose acc is the automatic verdict, and every metric in the run's order. */
  readonly primaryMetric: string;
  readonly metrics: readonly string[];
  /** YokaiEval's English glosses, once loaded (null: none). */
  readonly gloss: GlossIndex | null;
}

export const DEFAULT_VIEW_CONTEXT: ViewContext = { model: '', decidable: true, primaryMetric: 'chrf', metrics: [], gloss: null };

/** What labels and facets read of a line: its inputs (a full line, or the index's digest of one). */
type WithInputs = { readonly inputs: Readonly<Record<string, unknown>> } | undefined;

export function labelOf(line: WithInputs, itemId: string): string {
  const inputs = line?.inputs;
  const text = typeof inputs?.['question'] === 'string' ? inputs['question'] : typeof inputs?.['prompt'] === 'string' ? inputs['prompt'] : `item ${itemId}`;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LABEL_LENGTH ? `${flat.slice(0, LABEL_LENGTH - 1)}…` : flat;
}

export function facetsOf(line: WithInputs, model = ''): Record<string, string> {
  const inputs = line?.inputs;
  const facets: Record<string, string> = {};
  if (inputs !== undefined) {
    if (typeof inputs['type'] === 'string') facets['type'] = inputs['type'];
    if (typeof inputs['region'] === 'string') facets['region'] = normalizeRegion(inputs['region']);
    if (typeof inputs['category'] === 'string') facets['category'] = inputs['category'];
    if (typeof inputs['topic'] === 'string') facets['topic'] = inputs['topic'];
  }
  if (model !== '') facets['model'] = model;
  return facets;
}

/** This annotator's current state, when it records something (an undo back to nothing is no state). */
function mineOf(adjudication: ItemAdjudication | undefined, annotator: string): AnnotatorView | undefined {
  return adjudication?.annotators.find((a) => a.annotator === annotator && !a.stale && recordsSomething(a.state));
}

/** Question, choices, answers, references, gloss and notes: what the list's search looks in. */
function searchTextOf(line: ResultLine | undefined, adjudication: ItemAdjudication | undefined, context: ViewContext): string {
  const parts = [itemSearchText(line, context)];
  for (const a of adjudication?.annotators ?? []) if (a.state.note !== '') parts.push(a.state.note);
  return parts.filter((p) => p !== '').join('\n');
}

/** The searchable texts of the item itself (question, choices, answers, references, gloss), without notes. */
export function itemSearchText(line: ResultLine | undefined, context: ViewContext): string {
  const parts: string[] = [];
  const yokai = YokaiEvalRecordSchema.safeParse(line?.inputs);
  const kalahi = asKalahiLine(line);
  if (yokai.success) {
    const r = yokai.data;
    parts.push(r.question, ...r.choices, r.answer, line?.response ?? '', ...r.refs_detail.filter((x): x is string => x !== null));
    const gloss = context.gloss?.lookup(r.question, r.choices);
    if (gloss) parts.push(gloss);
  } else if (kalahi !== undefined) {
    parts.push(...kalahiSearchTexts(kalahi));
  } else if (line !== undefined) {
    parts.push(...Object.values(line.inputs).filter((v): v is string => typeof v === 'string'), line.response ?? '');
  }
  return parts.filter((p) => p !== '').join('\n');
}

/** What a list row takes from an item's result line: kept in the results index, one per item. */
export interface RowBasis {
  readonly label: string;
  /** Facets of the item's inputs (the model's is added from the run). */
  readonly facets: Readonly<Record<string, string>>;
  readonly margin: number | null;
  readonly metricAcc: Readonly<Record<string, boolean>> | undefined;
  /** Kalahi MC: the item's MC1 and MC2, for the header's means. */
  readonly mc: { readonly mc1: number; readonly mc2: number } | undefined;
}

/** The row's digest of a result line (any object with the line's fields: the index passes its checked part). */
export function rowBasisOf(line: { readonly itemId: string; readonly inputs: Readonly<Record<string, unknown>> }, primaryMetric: string): RowBasis {
  const kalahi = asKalahiLine(line);
  const extras = kalahi === undefined ? undefined : kalahiRowExtras(kalahi, primaryMetric);
  return {
    label: labelOf(line, line.itemId),
    facets: facetsOf(line),
    margin: extras?.margin ?? null,
    metricAcc: extras?.metricAcc,
    mc: kalahi?.mc === undefined ? undefined : { mc1: kalahi.mc.mc1, mc2: kalahi.mc.mc2 },
  };
}

/** An item's current result as rows are drawn from it: its outcome and its digest (undefined: no result yet). */
export interface RowSource {
  readonly auto: AutoOutcome;
  readonly basis: RowBasis;
}

export function rowOf(itemId: string, index: number, line: ResultLine | undefined, adjudication: ItemAdjudication | undefined, annotator: string, context: ViewContext = DEFAULT_VIEW_CONTEXT): ItemRow {
  const source = line === undefined ? undefined : { auto: automaticOutcome(line), basis: rowBasisOf(line, context.primaryMetric) };
  return { ...rowFrom(itemId, index, source, adjudication, annotator, context), search: searchTextOf(line, adjudication, context) };
}

/** A list row from the index's digest of the item (no search text: the host answers searches). */
export function rowFrom(itemId: string, index: number, source: RowSource | undefined, adjudication: ItemAdjudication | undefined, annotator: string, context: ViewContext = DEFAULT_VIEW_CONTEXT): ItemRow {
  const auto: AutoOutcome = source?.auto ?? 'missing';
  const final = adjudication?.final ?? null;
  const mine = mineOf(adjudication, annotator);
  const human = final === null ? 'none' : (String(final.verdict) as 'true' | 'false' | 'null');
  const basis = source?.basis;
  const facets: Record<string, string> = { ...basis?.facets };
  if (context.model !== '') facets['model'] = context.model;
  return {
    id: itemId,
    index,
    label: basis?.label ?? `item ${itemId}`,
    auto,
    human,
    mine: mine === undefined ? 'none' : mine.state.verdict === undefined ? 'skipped' : (String(mine.state.verdict) as 'true' | 'false' | 'null'),
    flagged: (adjudication?.flags.length ?? 0) > 0,
    stale: adjudication?.stale ?? false,
    conflict: adjudication?.conflict ?? false,
    reviewed: adjudication?.reviewed ?? false,
    disagreement: human !== 'none' && human !== auto,
    facets,
    decidable: context.decidable,
    margin: basis?.margin ?? null,
    lastChange: adjudication?.lastChange ?? null,
    ...(basis?.metricAcc !== undefined ? { metricAcc: { ...basis.metricAcc } } : {}),
  };
}

const MessagesSchema = z.array(z.object({ role: z.string(), content: z.string() }));

export function detailOf(
  itemId: string,
  line: ResultLine | undefined,
  adjudication: ItemAdjudication | undefined,
  annotator: string,
  canUndo: boolean,
  context: ViewContext = DEFAULT_VIEW_CONTEXT,
): ItemDetail {
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
    const judge = MessagesSchema.safeParse(line.judgePrompt?.messages ?? []);
    const judgeText = judge.success && judge.data.length > 0 ? judge.data.map((m) => m.content).join('\n') : null;
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
      gloss: context.gloss?.lookup(record.data.question, record.data.choices) ?? null,
      judgePrompt: judgeText,
    };
  }
  const kalahi = asKalahiLine(line);
  if (kalahi !== undefined) return kalahiDetail(common, kalahi, { decidable: context.decidable, primaryMetric: context.primaryMetric, metricOrder: context.metrics });
  const fields = Object.entries(line?.inputs ?? {})
    .filter(([, value]) => typeof value === 'string')
    .map(([label, text]) => ({ label, text: String(text) }));
  return { kind: 'generic', ...common, fields, response: line?.response ?? null };
}
