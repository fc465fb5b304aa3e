import type { ItemRow } from '../src/core/protocol/review';
import { type FacetCounts, FacetTally } from './facetTally';
import { type FacetDef, cleanSelection, facetDef } from './facets';
import { BINARY_FILTERS, type FilterCounts, type FilterDef, type FilterSet, type FilterState } from './filters';
import { RowSearch } from './rowSearch';
import { nextUndecidedIn, stepFrom } from './listSteps';
import { grownTo, insertionPoint } from './orderedPositions';
import { type SortId, sortKey } from './sorting';
import { queryTerms } from './textSearch';

interface NormalizedFilter {
  readonly filter: FilterState['filter'];
  readonly query: string;
  readonly facets: Readonly<Record<string, readonly string[]>>;
  readonly sort: SortId;
}

/** Which of the list's criteria a row fails: 'chip', 'query', or a facet id. */
type Miss = string;

/**
 * The list's UI state: every row by id, the filtered and sorted positions, counts per filter chip and per
 * facet value, and the selection. Pure logic without the DOM. Changing the filter costs one pass over the
 * rows (plus a sort when the order is not the dataset's); everything a keystroke does (moving, replacing a
 * changed row) is O(log n) or O(changed rows), except J, which scans forward for an undecided item.
 *
 * Counts are faceted: a chip's count is of the rows the query and the facets leave; a facet value's count
 * is of the rows every other criterion leaves. Between filter changes the filtered list keeps its members
 * and order: a row that no longer matches, or whose sort key changed, stays where it is (the annotator sees
 * the result of a decision), and `outdated` tells the view to offer re-applying the filter.
 */
export class ReviewStore {
  private rowList: ItemRow[] = [];
  private readonly indexById = new Map<string, number>();
  private readonly search = new RowSearch();
  private filtered: Int32Array = new Int32Array(0);
  private positions: Int32Array = new Int32Array(0);
  private keys: Float64Array = new Float64Array(0);
  private filterSet: FilterSet = BINARY_FILTERS;
  private chip: FilterDef = BINARY_FILTERS.def('all');
  private countsByFilter: FilterCounts = BINARY_FILTERS.emptyCounts();
  private readonly tally = new FacetTally();
  private state: NormalizedFilter = { filter: 'all', query: '', facets: {}, sort: 'dataset' };
  private terms: string[] = [];
  private activeFacets: FacetDef[] = [];
  private selected: string | null = null;
  private isOutdated = false;

  get rows(): readonly ItemRow[] {
    return this.rowList;
  }

  /** How many rows the filtered list holds. */
  get size(): number {
    return this.filtered.length;
  }

  get counts(): Readonly<FilterCounts> {
    return this.countsByFilter;
  }

  get facetCounts(): FacetCounts {
    return this.tally.counts;
  }

  /** Every value each facet has on some row (so a value whose count drops to 0 stays listed). */
  get facetValues(): ReadonlyMap<string, ReadonlySet<string>> {
    return this.tally.values;
  }

  get filter(): FilterState {
    return { filter: this.state.filter, query: this.state.query, facets: this.state.facets, sort: this.state.sort };
  }

  /** The folded words of the current query (for highlighting). */
  get queryTerms(): readonly string[] {
    return this.terms;
  }

  get selectedId(): string | null {
    return this.selected;
  }

  /** Some row changed its membership or its place in the order since the filter was applied. */
  get outdated(): boolean {
    return this.isOutdated;
  }

  /** Replaces every row (an init message). */
  load(rows: readonly ItemRow[]): void {
    this.rowList = rows.slice();
    this.indexById.clear();
    this.rowList.forEach((row, i) => this.indexById.set(row.id, i));
    this.search.reset(this.rowList.length);
    this.tally.forgetValues();
    for (const row of this.rowList) this.tally.learn(row);
    if (this.selected !== null && !this.indexById.has(this.selected)) this.selected = null;
    this.recompute();
  }

  /**
   * Takes in rows of a run being loaded (a rowChunk message): rows with known ids are replaced, the others
   * added; the list stays in dataset order (by index). One pass over the rows, like a filter change.
   */
  insertRows(rows: readonly ItemRow[]): void {
    let added = false;
    for (const row of rows) {
      const at = this.indexById.get(row.id);
      if (at === undefined) {
        this.rowList.push(row);
        added = true;
      } else {
        this.rowList[at] = row;
      }
      this.tally.learn(row);
    }
    if (added) {
      let sorted = true;
      for (let i = 1; i < this.rowList.length && sorted; i++) sorted = (this.rowList[i - 1]?.index ?? 0) <= (this.rowList[i]?.index ?? 0);
      if (!sorted) this.rowList.sort((a, b) => a.index - b.index);
      this.indexById.clear();
      this.rowList.forEach((row, i) => this.indexById.set(row.id, i));
    }
    this.search.reset(this.rowList.length);
    this.recompute();
  }

  /**
   * The host's answer to a search (rows without their own search text match through it): the ids that
   * match the query. Returns whether it is the answer to the current query (then the list was refiltered).
   */
  setHostMatches(query: string, ids: readonly string[]): boolean {
    if (!this.search.setHostMatches(query, ids, this.terms)) return false;
    this.recompute();
    return true;
  }

  /** The current query waits for the host's answer (the filtered list is provisional until then). */
  get searchPending(): boolean {
    return this.terms.length > 0 && !this.search.answered(this.terms) && this.needsHostSearch;
  }

  /** Some rows carry no search text: a query needs the host's answer. */
  get needsHostSearch(): boolean {
    return this.rowList.some((row) => row.search === undefined);
  }

  /**
   * Replaces the rows with the same ids (a rows message); unknown ids are appended. Returns the indexes of
   * the rows that changed, in the full row list.
   */
  applyRows(rows: readonly ItemRow[]): number[] {
    const changed: number[] = [];
    for (const row of rows) {
      this.tally.learn(row);
      let at = this.indexById.get(row.id);
      if (at === undefined) {
        at = this.rowList.length;
        this.rowList.push(row);
        this.indexById.set(row.id, at);
        this.search.append();
        this.grow(at + 1);
        this.keys[at] = this.keyOf(row, at);
        const misses = this.misses(row, at);
        this.contribute(row, misses, 1);
        if (misses.length === 0) this.isOutdated = true;
        changed.push(at);
        continue;
      }
      const previous = this.rowList[at];
      if (previous !== undefined) this.contribute(previous, this.misses(previous, at), -1);
      this.rowList[at] = row;
      this.search.changed(at);
      const misses = this.misses(row, at);
      this.contribute(row, misses, 1);
      if ((misses.length === 0) !== this.positionOfIndex(at) >= 0) this.isOutdated = true;
      if (this.positionOfIndex(at) >= 0 && this.keyOf(row, at) !== this.keys[at]) this.isOutdated = true;
      changed.push(at);
    }
    return changed;
  }

  /** The run's filter chips (a graded run's levels): counted from now on. */
  setFilterSet(set: FilterSet): void {
    this.filterSet = set;
    this.setFilter(this.filter);
  }

  /** The chip of an id in the run's set ('all' for one it lacks). */
  filterDefOf(id: string): FilterDef {
    return this.filterSet.def(id);
  }

  /** Applies a filter chip, a text query, facet choices and an order: one pass over the rows. */
  setFilter(state: FilterState): void {
    const filter = this.filterSet.has(state.filter) ? state.filter : 'all';
    this.state = { filter, query: state.query, facets: cleanSelection(state.facets, false), sort: state.sort ?? 'dataset' };
    this.recompute();
  }

  /** Re-applies the current filter (after rows changed membership or order). */
  reapply(): void {
    this.recompute();
  }

  getRow(id: string): ItemRow | undefined {
    const at = this.indexById.get(id);
    return at === undefined ? undefined : this.rowList[at];
  }

  /** The row at a position of the filtered list. */
  rowAt(position: number): ItemRow | undefined {
    const index = this.filtered[position];
    return index === undefined ? undefined : this.rowList[index];
  }

  /** A row index's position in the filtered list, or -1. */
  positionOfIndex(index: number): number {
    return this.positions[index] ?? -1;
  }

  positionOfId(id: string): number {
    const index = this.indexById.get(id);
    return index === undefined ? -1 : this.positionOfIndex(index);
  }

  /** The selection's position, or -1 when nothing is selected or it is not in the filtered list. */
  get selectedPosition(): number {
    return this.selected === null ? -1 : this.positionOfId(this.selected);
  }

  select(id: string | null): void {
    this.selected = id !== null && this.indexById.has(id) ? id : null;
  }

  first(): ItemRow | undefined {
    return this.rowAt(0);
  }

  last(): ItemRow | undefined {
    return this.rowAt(this.filtered.length - 1);
  }

  /** The row `delta` positions from the selection in the filtered list, clamped to its ends. */
  step(delta: number): ItemRow | undefined {
    return stepFrom(this, delta);
  }

  /** The next row of the filtered list, after the selection, without a decision of this annotator. */
  nextUndecided(): { row: ItemRow; wrapped: boolean } | undefined {
    return nextUndecidedIn(this);
  }

  /** Where the selection is in the filtered list, or would be when the filter leaves it out. */
  selectionAnchor(): { position: number; inList: boolean } | undefined {
    if (this.selected === null) return undefined;
    const index = this.indexById.get(this.selected);
    if (index === undefined) return undefined;
    const position = this.positionOfIndex(index);
    if (position >= 0) return { position, inList: true };
    const row = this.rowList[index];
    return { position: this.insertionPoint(index, row === undefined ? Number.POSITIVE_INFINITY : this.keyOf(row, index)), inList: false };
  }

  /** A row's key in the current order; the dataset order is the rows' order as loaded. */
  private keyOf(row: ItemRow, index: number): number {
    return this.state.sort === 'dataset' ? index : sortKey(this.state.sort, row);
  }

  /** Where a row with this index and key would sit in the filtered order. */
  private insertionPoint(index: number, key: number): number {
    return insertionPoint(this.filtered, this.keys, index, key);
  }

  /** The criteria a row fails, in a short list (counting only needs to know whether there are 0, 1 or more). */
  private misses(row: ItemRow, index: number): Miss[] {
    const misses: Miss[] = [];
    if (!this.chip.matches(row)) misses.push('chip');
    if (this.terms.length > 0 && !this.search.matches(row, index, this.terms)) misses.push('query');
    for (const facet of this.activeFacets) {
      if (misses.length > 1) break;
      const chosen = this.state.facets[facet.id] ?? [];
      if (!facet.valuesOf(row).some((v) => chosen.includes(v))) misses.push(facet.id);
    }
    return misses;
  }

  /** Adds (sign 1) or removes (sign -1) a row's part in the chip and facet counts. */
  private contribute(row: ItemRow, misses: readonly Miss[], sign: 1 | -1): void {
    if (misses.length > 1) return;
    const only = misses[0];
    if (only === undefined || only === 'chip') this.filterSet.countRow(this.countsByFilter, row, sign);
    this.tally.add(row, only, sign);
  }

  private grow(size: number): void {
    ({ positions: this.positions, keys: this.keys } = grownTo(size, this.positions, this.keys));
  }

  private recompute(): void {
    this.terms = queryTerms(this.state.query);
    this.activeFacets = Object.keys(this.state.facets).map((id) => facetDef(id));
    this.chip = this.filterSet.def(this.state.filter);
    this.countsByFilter = this.filterSet.emptyCounts();
    this.tally.forgetCounts();
    const n = this.rowList.length;
    const out = new Int32Array(n);
    this.positions = new Int32Array(n).fill(-1);
    this.keys = new Float64Array(n);
    let size = 0;
    for (let i = 0; i < n; i++) {
      const row = this.rowList[i];
      if (row === undefined) continue;
      this.keys[i] = this.keyOf(row, i);
      const misses = this.misses(row, i);
      this.contribute(row, misses, 1);
      if (misses.length === 0) out[size++] = i;
    }
    const members = size === n ? out : out.slice(0, size);
    if (this.state.sort !== 'dataset') {
      const keys = this.keys;
      members.sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
    }
    this.filtered = members;
    for (let p = 0; p < members.length; p++) this.positions[members[p] ?? 0] = p;
    this.isOutdated = false;
  }
}
