import type { ItemRow } from '../src/protocol';
import type { SortId } from './sorting';
import { matchesItem } from './textSearch';

/** Chosen values per facet; a facet without values chosen does not filter. */
export type FacetSelection = Readonly<Record<string, readonly string[]>>;

/** Every filter of the item list; one is active at a time (plus an optional text query). */
export const FILTER_IDS = [
  'all',
  'todo',
  'adjudicated',
  'flagged',
  'stale',
  'conflict',
  'disagreement',
  'auto:true',
  'auto:false',
  'auto:null',
  'auto:error',
  'auto:missing',
] as const;
export type FilterId = (typeof FILTER_IDS)[number];

export interface FilterDef {
  readonly id: FilterId;
  readonly label: string;
  /** Which group of the filter bar it sits in. */
  readonly group: 'review' | 'auto';
  /** Reveals the automatic verdict: hidden in blind mode. */
  readonly automatic: boolean;
  readonly icon: string;
  /** Hidden from the bar while it matches nothing (and is not active). */
  readonly hideWhenEmpty: boolean;
  readonly matches: (row: ItemRow) => boolean;
}

/**
 * Reviewed: the host's one definition (src/core/adjudication/reviewed.ts: a verdict in someone's current
 * state; a flag or a note for items that take no verdict), the same that the header's Reviewed count, the
 * Runs view and `summary` use.
 */
export function isReviewed(row: ItemRow): boolean {
  return row.reviewed;
}

export const FILTERS: readonly FilterDef[] = [
  { id: 'all', label: 'All', group: 'review', automatic: false, icon: 'list-flat', hideWhenEmpty: false, matches: () => true },
  { id: 'todo', label: 'To do', group: 'review', automatic: false, icon: 'circle-large-outline', hideWhenEmpty: false, matches: (r) => !isReviewed(r) },
  // The id stays 'adjudicated' so that filters persisted by earlier versions still restore.
  { id: 'adjudicated', label: 'Reviewed', group: 'review', automatic: false, icon: 'pass', hideWhenEmpty: false, matches: isReviewed },
  { id: 'flagged', label: 'Flagged', group: 'review', automatic: false, icon: 'flag', hideWhenEmpty: false, matches: (r) => r.flagged },
  { id: 'disagreement', label: 'Judge ≠ human', group: 'review', automatic: true, icon: 'arrow-swap', hideWhenEmpty: false, matches: (r) => r.disagreement },
  { id: 'conflict', label: 'Conflicts', group: 'review', automatic: false, icon: 'warning', hideWhenEmpty: false, matches: (r) => r.conflict },
  { id: 'stale', label: 'Stale', group: 'review', automatic: false, icon: 'history', hideWhenEmpty: false, matches: (r) => r.stale },
  { id: 'auto:true', label: 'true', group: 'auto', automatic: true, icon: 'check', hideWhenEmpty: false, matches: (r) => r.auto === 'true' },
  { id: 'auto:false', label: 'false', group: 'auto', automatic: true, icon: 'close', hideWhenEmpty: false, matches: (r) => r.auto === 'false' },
  { id: 'auto:null', label: 'null', group: 'auto', automatic: true, icon: 'question', hideWhenEmpty: false, matches: (r) => r.auto === 'null' },
  { id: 'auto:error', label: 'error', group: 'auto', automatic: true, icon: 'error', hideWhenEmpty: true, matches: (r) => r.auto === 'error' },
  { id: 'auto:missing', label: 'missing', group: 'auto', automatic: true, icon: 'circle-slash', hideWhenEmpty: true, matches: (r) => r.auto === 'missing' },
];

const BY_ID = new Map<string, FilterDef>(FILTERS.map((f) => [f.id, f]));

export function isFilterId(value: string): value is FilterId {
  return BY_ID.has(value);
}

export function filterDef(id: FilterId): FilterDef {
  const def = BY_ID.get(id);
  if (def === undefined) throw new Error(`unknown filter ${id}`);
  return def;
}

export type FilterCounts = Record<FilterId, number>;

export function emptyCounts(): FilterCounts {
  const counts = {} as FilterCounts;
  for (const id of FILTER_IDS) counts[id] = 0;
  return counts;
}

/** Adds (sign 1) or removes (sign -1) one row's contribution to the counts. */
export function countRow(counts: FilterCounts, row: ItemRow, sign: 1 | -1): void {
  for (const f of FILTERS) if (f.matches(row)) counts[f.id] += sign;
}

export function countAll(rows: readonly ItemRow[]): FilterCounts {
  const counts = emptyCounts();
  for (const row of rows) countRow(counts, row, 1);
  return counts;
}

/**
 * The list's filter: a chip, a text query, facet choices and the order. The chip and the query persist in
 * WebviewState.filter ("flagged", or "flagged?q=<text>"); facets and sort in their own keys.
 */
export interface FilterState {
  readonly filter: FilterId;
  readonly query: string;
  readonly facets?: FacetSelection;
  readonly sort?: SortId;
}

export function formatFilterState(state: FilterState): string {
  return state.query === '' ? state.filter : `${state.filter}?q=${encodeURIComponent(state.query)}`;
}

export function parseFilterState(text: string): FilterState {
  const mark = text.indexOf('?q=');
  const id = mark < 0 ? text : text.slice(0, mark);
  let query = '';
  if (mark >= 0) {
    try {
      query = decodeURIComponent(text.slice(mark + 3));
    } catch {
      query = '';
    }
  }
  return { filter: isFilterId(id) ? id : 'all', query };
}

/**
 * Whether a row matches every query term (already folded): in its searchable text (folded), its id, or as
 * its position in the dataset.
 */
export function matchesQuery(row: ItemRow, foldedText: string, terms: readonly string[]): boolean {
  return matchesItem(foldedText, row.id, row.index, terms);
}
