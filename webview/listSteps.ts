import type { ItemRow } from '../src/core/protocol/review';

/** The filtered list as the keys move through it. */
export interface SteppableList {
  readonly size: number;
  readonly selectedId: string | null;
  rowAt(position: number): ItemRow | undefined;
  /** Where the selection is, or would be when the filter leaves it out. */
  selectionAnchor(): { position: number; inList: boolean } | undefined;
}

/** The row `delta` positions from the selection, clamped to the list's ends. */
export function stepFrom(list: SteppableList, delta: number): ItemRow | undefined {
  const n = list.size;
  if (n === 0) return undefined;
  const anchor = list.selectionAnchor();
  if (anchor === undefined) return list.rowAt(delta >= 0 ? 0 : n - 1);
  // When the selection is not in the list, `position` is where it would be: the next row is there.
  const base = anchor.inList ? anchor.position : delta > 0 ? anchor.position - 1 : anchor.position;
  return list.rowAt(Math.max(0, Math.min(n - 1, base + delta)));
}

/** Whether this annotator still has to decide the row: nothing recorded, or (items that take a verdict) a flag or note without one. */
export function undecidedByMe(row: ItemRow): boolean {
  if (row.grades !== undefined && row.decidable !== false) return !gradedByMe(row);
  return row.mine === 'none' || (row.mine === 'skipped' && row.decidable !== false);
}

/** A graded row this annotator has decided: the item's grade, or (an item with criteria) every criterion's. */
export function gradedByMe(row: ItemRow): boolean {
  const grades = row.grades;
  if (grades === undefined) return false;
  return grades.criteria !== undefined && grades.criteria.length > 0
    ? grades.criteria.every((c) => c.mine !== undefined)
    : grades.mine !== undefined;
}

/** The next row after the selection without a decision of this annotator, wrapping to the top. */
export function nextUndecidedIn(list: SteppableList): { row: ItemRow; wrapped: boolean } | undefined {
  const n = list.size;
  if (n === 0) return undefined;
  const anchor = list.selectionAnchor();
  const start = anchor === undefined ? 0 : anchor.inList ? anchor.position + 1 : anchor.position;
  for (let p = start; p < n; p++) {
    const row = list.rowAt(p);
    if (row !== undefined && undecidedByMe(row)) return { row, wrapped: false };
  }
  for (let p = 0; p < Math.min(start, n); p++) {
    const row = list.rowAt(p);
    if (row !== undefined && undecidedByMe(row) && row.id !== list.selectedId) return { row, wrapped: true };
  }
  return undefined;
}
