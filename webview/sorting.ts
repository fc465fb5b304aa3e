import type { ItemRow } from '../src/core/protocol/review';

/** The orders of the item list. Ties (and rows without the key) keep the dataset order. */
export const SORTS = [
  { id: 'dataset', label: 'Dataset order', automatic: false },
  { id: 'verdict', label: 'Automatic verdict', automatic: true },
  { id: 'margin', label: 'Score margin, lowest first', automatic: true },
  { id: 'closest', label: 'Closest calls (|margin|)', automatic: true },
  { id: 'recent', label: 'Last change, newest first', automatic: false },
] as const;
export type SortId = (typeof SORTS)[number]['id'];

export function isSortId(value: string): value is SortId {
  return SORTS.some((s) => s.id === value);
}

/** Whether an order reveals the automatic verdict or scores (not offered in blind mode). */
export function sortIsAutomatic(id: SortId): boolean {
  return SORTS.find((s) => s.id === id)?.automatic ?? false;
}

const VERDICT_RANK: Readonly<Record<ItemRow['auto'], number>> = { false: 0, null: 1, true: 2, error: 3, missing: 4 };

/** A row's sort key: smaller first; Infinity puts rows without a key last. */
export function sortKey(sort: SortId, row: ItemRow): number {
  switch (sort) {
    case 'dataset':
      return row.index;
    case 'verdict':
      return VERDICT_RANK[row.auto];
    case 'margin':
      return typeof row.margin === 'number' ? row.margin : Number.POSITIVE_INFINITY;
    case 'closest':
      return typeof row.margin === 'number' ? Math.abs(row.margin) : Number.POSITIVE_INFINITY;
    case 'recent': {
      const time = row.lastChange === null || row.lastChange === undefined ? Number.NaN : Date.parse(row.lastChange);
      return Number.isNaN(time) ? Number.POSITIVE_INFINITY : -time;
    }
  }
}
