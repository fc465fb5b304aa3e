import { type AutoOutcome, type ItemDetail, type ItemRow } from '../protocol/review';
import { automaticOutcome } from '../adjudication/adjudicatedScore';
import { type AnnotatorView, type ItemAdjudication } from '../adjudication/itemAdjudication';
import { recordsSomething } from '../adjudication/reviewed';
import { type ReviewAid, type ReviewParts, type ReviewSettings, type RowExtras, type RowLine } from '../contract/benchmark';
import { type BenchmarkFacet, facetValuesOf } from '../runs/benchmarkBasics';
import { rowExtrasOf } from '../contract/reviewCapabilities';
import { type ResultLine } from '../runs/resultLine';
import { type Grade, type VerdictScale } from '../scale/verdictScale';
import { criteriaGradesOfLine, gradeOfLine, gradedDetailParts, gradedRowParts } from './gradedViews';

const LABEL_LENGTH = 120;

/** What the views of a run's items depend on besides the item. */
export interface ViewContext {
  readonly model: string;
  /** The run's benchmark's review parts and facets, and what they read of run.json. */
  readonly review: ReviewParts;
  readonly facets: readonly BenchmarkFacet[];
  readonly settings: ReviewSettings;
  /** The benchmark's review aid (English glosses…), once loaded (null: none). */
  readonly aid: ReviewAid | null;
  /** The run's verdict scale (run.json `scale`; binary when absent). */
  readonly scale: VerdictScale;
}

/** What labels and facets read of a line: its inputs (a full line, or the index's digest of one). */
type WithInputs = { readonly inputs: Readonly<Record<string, unknown>> } | undefined;

export function labelOf(line: WithInputs, itemId: string, review?: Pick<ReviewParts, 'labelText'>): string {
  const inputs = line?.inputs;
  const own = inputs === undefined ? undefined : review?.labelText?.(inputs);
  const text =
    own ??
    (typeof inputs?.['question'] === 'string'
      ? inputs['question']
      : typeof inputs?.['prompt'] === 'string'
        ? inputs['prompt']
        : `item ${itemId}`);
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LABEL_LENGTH ? `${flat.slice(0, LABEL_LENGTH - 1)}…` : flat;
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
  if (line === undefined) return '';
  const own = context.review.searchTexts?.(line);
  const parts = own ?? [...Object.values(line.inputs).filter((v): v is string => typeof v === 'string'), line.response ?? ''];
  const aidText = context.aid?.textOf(line) ?? null;
  return [...parts, ...(aidText === null ? [] : [aidText])].filter((p) => p !== '').join('\n');
}

/** What a list row takes from an item's result line: kept in the results index, one per item. */
export interface RowBasis extends RowExtras {
  readonly label: string;
  /** Facets of the item's inputs (the model's is added from the run). */
  readonly facets: Readonly<Record<string, string>>;
  /** The automatic grade of a graded run's line (null: none parsable); undefined on a binary run. */
  readonly grade?: Grade | undefined;
  /** The judge's grades of the line's criteria, in its order (undefined: none). */
  readonly criteria?: readonly Grade[] | undefined;
}

/** The row's digest of a result line (any object with the line's fields: the index passes its checked part). */
export function rowBasisOf(line: RowLine, context: Pick<ViewContext, 'review' | 'facets' | 'settings'>): RowBasis {
  const grade = gradeOfLine(line);
  const criteria = criteriaGradesOfLine(line);
  return {
    label: labelOf(line, line.itemId, context.review),
    facets: facetValuesOf(context.facets, line.inputs),
    ...rowExtrasOf(context.review, line, context.settings),
    ...(grade === undefined ? {} : { grade }),
    ...(criteria === undefined ? {} : { criteria }),
  };
}

/** An item's current result as rows are drawn from it: its outcome and its digest (undefined: no result yet). */
export interface RowSource {
  readonly auto: AutoOutcome;
  readonly basis: RowBasis;
}

export function rowOf(
  itemId: string,
  index: number,
  line: ResultLine | undefined,
  adjudication: ItemAdjudication | undefined,
  annotator: string,
  context: ViewContext,
): ItemRow {
  const source = line === undefined ? undefined : { auto: automaticOutcome(line), basis: rowBasisOf(line, context) };
  return { ...rowFrom(itemId, index, source, adjudication, annotator, context), search: searchTextOf(line, adjudication, context) };
}

/** A list row from the index's digest of the item (no search text: the host answers searches). */
export function rowFrom(
  itemId: string,
  index: number,
  source: RowSource | undefined,
  adjudication: ItemAdjudication | undefined,
  annotator: string,
  context: ViewContext,
): ItemRow {
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
    mine:
      mine === undefined
        ? 'none'
        : mine.state.verdict === undefined
          ? 'skipped'
          : (String(mine.state.verdict) as 'true' | 'false' | 'null'),
    flagged: (adjudication?.flags.length ?? 0) > 0,
    stale: adjudication?.stale ?? false,
    conflict: adjudication?.conflict ?? false,
    reviewed: adjudication?.reviewed ?? false,
    facets,
    decidable: context.settings.decidable,
    margin: basis?.margin ?? null,
    lastChange: adjudication?.lastChange ?? null,
    ...(basis?.metricAcc !== undefined ? { metricAcc: { ...basis.metricAcc } } : {}),
    disagreement: human !== 'none' && human !== auto,
    ...gradedRowParts(context.scale, basis, adjudication, annotator),
  };
}

export function detailOf(
  itemId: string,
  line: ResultLine | undefined,
  adjudication: ItemAdjudication | undefined,
  annotator: string,
  canUndo: boolean,
  context: ViewContext,
): ItemDetail {
  const mine = mineOf(adjudication, annotator);
  const common = {
    id: itemId,
    auto: automaticOutcome(line),
    error: line?.error ?? null,
    annotators: (adjudication?.annotators ?? []).map((a) => ({
      annotator: a.annotator,
      role: a.role,
      decision: { ...a.state },
      time: a.time,
      stale: a.stale,
      blind: a.blind,
    })),
    mine: mine === undefined ? null : { ...mine.state },
    final: adjudication?.final ? { ...adjudication.final, by: [...adjudication.final.by] } : null,
    conflict: adjudication?.conflict ?? false,
    canUndo,
    ...gradedDetailParts(context.scale, line, adjudication, annotator),
  };
  const aidText = line === undefined ? null : (context.aid?.textOf(line) ?? null);
  const own = context.review.detail(common, line, { settings: context.settings, aidText });
  if (own !== undefined) return own;
  const fields = Object.entries(line?.inputs ?? {})
    .filter(([, value]) => typeof value === 'string')
    .map(([label, text]) => ({ label, text: String(text) }));
  return { kind: 'texts', ...common, fields, response: line?.response ?? null };
}
