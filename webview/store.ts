import type { ItemRow } from '../src/protocol';
import { type FilterCounts, type FilterState, countAll, countRow, filterDef, matchesQuery } from './filters';

/**
 * The list's UI state: every row by id, the filtered positions, counts per filter and the selection.
 * Pure logic without the DOM. Changing the filter costs one pass over the rows; everything a keystroke
 * does (moving, replacing a changed row) is O(log n) or O(changed rows), except J, which scans forward
 * until it finds an item without a decision.
 *
 * Between filter changes the filtered list keeps its members: a row that changes so that it no longer
 * matches stays where it is (the annotator sees the result of a decision), and `outdated` tells the view to
 * offer re-applying the filter.
 */
export class ReviewStore {
  private rowList: ItemRow[] = [];
  private readonly indexById = new Map<string, number>();
  private lowerLabels: string[] | null = null;
  private filtered: Int32Array = new Int32Array(0);
  private countsByFilter: FilterCounts = countAll([]);
  private filterState: FilterState = { filter: 'all', query: '' };
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

  get filter(): FilterState {
    return this.filterState;
  }

  get selectedId(): string | null {
    return this.selected;
  }

  /** Some row changed its membership since the filter was applied. */
  get outdated(): boolean {
    return this.isOutdated;
  }

  /** Replaces every row (an init message). */
  load(rows: readonly ItemRow[]): void {
    this.rowList = rows.slice();
    this.indexById.clear();
    this.rowList.forEach((row, i) => this.indexById.set(row.id, i));
    this.lowerLabels = null;
    this.countsByFilter = countAll(this.rowList);
    if (this.selected !== null && !this.indexById.has(this.selected)) this.selected = null;
    this.recompute();
  }

  /**
   * Replaces the rows with the same ids (a rows message); unknown ids are appended. Returns the indexes of
   * the rows that changed, in the full row list.
   */
  applyRows(rows: readonly ItemRow[]): number[] {
    const changed: number[] = [];
    for (const row of rows) {
      const at = this.indexById.get(row.id);
      if (at === undefined) {
        const index = this.rowList.length;
        this.rowList.push(row);
        this.indexById.set(row.id, index);
        this.lowerLabels?.push(row.label.toLowerCase());
        countRow(this.countsByFilter, row, 1);
        if (this.matches(row, index)) this.isOutdated = true;
        changed.push(index);
        continue;
      }
      const previous = this.rowList[at];
      if (previous !== undefined) countRow(this.countsByFilter, previous, -1);
      countRow(this.countsByFilter, row, 1);
      this.rowList[at] = row;
      if (this.lowerLabels !== null) this.lowerLabels[at] = row.label.toLowerCase();
      if (this.matches(row, at) !== this.positionOfIndex(at) >= 0) this.isOutdated = true;
      changed.push(at);
    }
    return changed;
  }

  /** Applies a filter and a text query: one pass over the rows. */
  setFilter(state: FilterState): void {
    this.filterState = { filter: state.filter, query: state.query };
    this.recompute();
  }

  /** Re-applies the current filter (after rows changed membership). */
  reapply(): void {
    this.recompute();
  }

  getRow(id: string): ItemRow | undefined {
    const at = this.indexById.get(id);
    return at === undefined ? undefined : this.rowList[at];
  }

  indexOfId(id: string): number {
    return this.indexById.get(id) ?? -1;
  }

  /** The row at a position of the filtered list. */
  rowAt(position: number): ItemRow | undefined {
    const index = this.filtered[position];
    return index === undefined ? undefined : this.rowList[index];
  }

  /** A row index's position in the filtered list, or -1. */
  positionOfIndex(index: number): number {
    const at = this.lowerBound(index);
    return this.filtered[at] === index ? at : -1;
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
    const n = this.filtered.length;
    if (n === 0) return undefined;
    const anchor = this.anchor();
    if (anchor === undefined) return delta >= 0 ? this.first() : this.last();
    // When the selection is not in the list, `insertAt` is where it would be: the next row is there.
    const base = anchor.inList ? anchor.position : delta > 0 ? anchor.position - 1 : anchor.position;
    const target = Math.max(0, Math.min(n - 1, base + delta));
    return this.rowAt(target);
  }

  /** The next row of the filtered list, after the selection, without a decision of this annotator. */
  nextUndecided(): { row: ItemRow; wrapped: boolean } | undefined {
    const n = this.filtered.length;
    if (n === 0) return undefined;
    const anchor = this.anchor();
    const start = anchor === undefined ? 0 : anchor.inList ? anchor.position + 1 : anchor.position;
    for (let p = start; p < n; p++) {
      const row = this.rowAt(p);
      if (row !== undefined && row.mine === 'none') return { row, wrapped: false };
    }
    for (let p = 0; p < Math.min(start, n); p++) {
      const row = this.rowAt(p);
      if (row !== undefined && row.mine === 'none' && row.id !== this.selected) return { row, wrapped: true };
    }
    return undefined;
  }

  private anchor(): { position: number; inList: boolean } | undefined {
    if (this.selected === null) return undefined;
    const index = this.indexById.get(this.selected);
    if (index === undefined) return undefined;
    const position = this.lowerBound(index);
    return { position, inList: this.filtered[position] === index };
  }

  private lowerBound(index: number): number {
    let lo = 0;
    let hi = this.filtered.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.filtered[mid] ?? Infinity) < index) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private matches(row: ItemRow, index: number): boolean {
    if (!filterDef(this.filterState.filter).matches(row)) return false;
    const query = this.normalizedQuery();
    if (query === '') return true;
    return matchesQuery(row, this.lowerLabel(index), query);
  }

  private normalizedQuery(): string {
    return this.filterState.query.trim().toLowerCase();
  }

  private lowerLabel(index: number): string {
    if (this.lowerLabels === null) this.lowerLabels = this.rowList.map((r) => r.label.toLowerCase());
    return this.lowerLabels[index] ?? '';
  }

  private recompute(): void {
    const predicate = filterDef(this.filterState.filter).matches;
    const query = this.normalizedQuery();
    const out = new Int32Array(this.rowList.length);
    let n = 0;
    for (let i = 0; i < this.rowList.length; i++) {
      const row = this.rowList[i];
      if (row === undefined || !predicate(row)) continue;
      if (query !== '' && !matchesQuery(row, this.lowerLabel(i), query)) continue;
      out[n++] = i;
    }
    this.filtered = n === out.length ? out : out.slice(0, n);
    this.isOutdated = false;
  }
}
