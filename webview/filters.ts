import type { ItemRow } from '../src/core/protocol/review';
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
export type StaticFilterId = (typeof FILTER_IDS)[number];
/** A graded run's level chips: `judge:<value>` / `human:<value>` (`null` for null), see levelFilters.ts. */
export type LevelFilterId = `judge:${string}` | `human:${string}`;
export type FilterId = StaticFilterId | LevelFilterId;
const LEVEL_FILTER = /^(judge|human):/;

export interface FilterDef {
  readonly id: FilterId;
  readonly label: string;
  /** Which group of the filter bar it sits in (graded runs: the judge's and the human levels). */
  readonly group: 'review' | 'auto' | 'judge-level' | 'human-level';
  /** What the chip's tooltip and accessible name say besides its label (a level's full name). */
  readonly title?: string;
  /** Reveals the automatic verdict: hidden in blind mode. */
  readonly automatic: boolean;
  readonly icon: string;
  /** Hidden from the bar while it matches nothing (and is not active). */
  readonly hideWhenEmpty: boolean;
  /** About verdicts (the automatic one, or the human one against it): not shown where items take none. */
  readonly verdict?: true;
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
  {
    id: 'todo',
    label: 'To do',
    group: 'review',
    automatic: false,
    icon: 'circle-large-outline',
    hideWhenEmpty: false,
    matches: (r) => !isReviewed(r),
  },
  // The id stays 'adjudicated' so that filters persisted by earlier versions still restore.
  { id: 'adjudicated', label: 'Reviewed', group: 'review', automatic: false, icon: 'pass', hideWhenEmpty: false, matches: isReviewed },
  { id: 'flagged', label: 'Flagged', group: 'review', automatic: false, icon: 'flag', hideWhenEmpty: false, matches: (r) => r.flagged },
  {
    id: 'disagreement',
    label: 'Judge ≠ human',
    group: 'review',
    automatic: true,
    icon: 'arrow-swap',
    hideWhenEmpty: false,
    verdict: true,
    matches: (r) => r.disagreement,
  },
  {
    id: 'conflict',
    label: 'Conflicts',
    group: 'review',
    automatic: false,
    icon: 'warning',
    hideWhenEmpty: false,
    matches: (r) => r.conflict,
  },
  { id: 'stale', label: 'Stale', group: 'review', automatic: false, icon: 'history', hideWhenEmpty: false, matches: (r) => r.stale },
  {
    id: 'auto:true',
    label: 'true',
    group: 'auto',
    automatic: true,
    icon: 'check',
    hideWhenEmpty: false,
    verdict: true,
    matches: (r) => r.auto === 'true',
  },
  {
    id: 'auto:false',
    label: 'false',
    group: 'auto',
    automatic: true,
    icon: 'close',
    hideWhenEmpty: false,
    verdict: true,
    matches: (r) => r.auto === 'false',
  },
  {
    id: 'auto:null',
    label: 'null',
    group: 'auto',
    automatic: true,
    icon: 'question',
    hideWhenEmpty: false,
    verdict: true,
    matches: (r) => r.auto === 'null',
  },
  {
    id: 'auto:error',
    label: 'error',
    group: 'auto',
    automatic: true,
    icon: 'error',
    hideWhenEmpty: true,
    matches: (r) => r.auto === 'error',
  },
  {
    id: 'auto:missing',
    label: 'missing',
    group: 'auto',
    automatic: true,
    icon: 'circle-slash',
    hideWhenEmpty: true,
    matches: (r) => r.auto === 'missing',
  },
];

export type FilterCounts = Record<string, number>;

/** The filter chips a run offers (binary runs: FILTERS; graded runs: levels too, levelFilters.ts), by id, with their counts. */
export class FilterSet {
  private readonly byId: ReadonlyMap<string, FilterDef>;

  constructor(readonly defs: readonly FilterDef[]) {
    this.byId = new Map(defs.map((f) => [f.id, f]));
  }

  has(id: string): id is FilterId {
    return this.byId.has(id);
  }

  /** A chip by id; one the set lacks (a level of another run's scale) is 'all'. */
  def(id: string): FilterDef {
    return this.byId.get(id) ?? this.byId.get('all') ?? (FILTERS[0] as FilterDef);
  }

  emptyCounts(): FilterCounts {
    const counts: FilterCounts = {};
    for (const f of this.defs) counts[f.id] = 0;
    return counts;
  }

  /** Adds (sign 1) or removes (sign -1) one row's contribution to the counts. */
  countRow(counts: FilterCounts, row: ItemRow, sign: 1 | -1): void {
    for (const f of this.defs) if (f.matches(row)) counts[f.id] = (counts[f.id] ?? 0) + sign;
  }
}

export const BINARY_FILTERS = new FilterSet(FILTERS);

/** Whether a persisted filter id is one some run may offer (its own chips are checked when applied). */
export function isFilterId(value: string): value is FilterId {
  return BINARY_FILTERS.has(value) || LEVEL_FILTER.test(value);
}

export function filterDef(id: FilterId): FilterDef {
  return BINARY_FILTERS.def(id);
}

export function countAll(rows: readonly ItemRow[], set: FilterSet = BINARY_FILTERS): FilterCounts {
  const counts = set.emptyCounts();
  for (const row of rows) set.countRow(counts, row, 1);
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
