import type { ItemRow } from '../src/protocol';

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
  readonly icon: string;
  /** Hidden from the bar while it matches nothing (and is not active). */
  readonly hideWhenEmpty: boolean;
  readonly matches: (row: ItemRow) => boolean;
}

/** Adjudicated: a final human verdict exists, or this annotator recorded something. */
export function isAdjudicated(row: ItemRow): boolean {
  return row.human !== 'none' || row.mine !== 'none';
}

export const FILTERS: readonly FilterDef[] = [
  { id: 'all', label: 'All', group: 'review', icon: 'list-flat', hideWhenEmpty: false, matches: () => true },
  { id: 'todo', label: 'To do', group: 'review', icon: 'circle-large-outline', hideWhenEmpty: false, matches: (r) => !isAdjudicated(r) },
  { id: 'adjudicated', label: 'Adjudicated', group: 'review', icon: 'pass', hideWhenEmpty: false, matches: isAdjudicated },
  { id: 'flagged', label: 'Flagged', group: 'review', icon: 'flag', hideWhenEmpty: false, matches: (r) => r.flagged },
  { id: 'disagreement', label: 'Judge ≠ human', group: 'review', icon: 'arrow-swap', hideWhenEmpty: false, matches: (r) => r.disagreement },
  { id: 'conflict', label: 'Conflicts', group: 'review', icon: 'warning', hideWhenEmpty: false, matches: (r) => r.conflict },
  { id: 'stale', label: 'Stale', group: 'review', icon: 'history', hideWhenEmpty: false, matches: (r) => r.stale },
  { id: 'auto:true', label: 'true', group: 'auto', icon: 'check', hideWhenEmpty: false, matches: (r) => r.auto === 'true' },
  { id: 'auto:false', label: 'false', group: 'auto', icon: 'close', hideWhenEmpty: false, matches: (r) => r.auto === 'false' },
  { id: 'auto:null', label: 'null', group: 'auto', icon: 'question', hideWhenEmpty: false, matches: (r) => r.auto === 'null' },
  { id: 'auto:error', label: 'error', group: 'auto', icon: 'error', hideWhenEmpty: true, matches: (r) => r.auto === 'error' },
  { id: 'auto:missing', label: 'missing', group: 'auto', icon: 'circle-slash', hideWhenEmpty: true, matches: (r) => r.auto === 'missing' },
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

/** The list's filter as persisted in WebviewState.filter: "flagged", or "flagged?q=<text>" with a query. */
export interface FilterState {
  readonly filter: FilterId;
  readonly query: string;
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

/** Whether a row's id or label contains the (already lower-cased, trimmed) query. */
export function matchesQuery(row: ItemRow, lowerLabel: string, query: string): boolean {
  if (query === '') return true;
  return lowerLabel.includes(query) || row.id.toLowerCase().includes(query) || String(row.index) === query;
}
