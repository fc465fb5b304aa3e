/** Where a row with this index and key would sit in a list ordered by (key, index): a binary search. */
export function insertionPoint(order: Int32Array, keys: Float64Array, index: number, key: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = order[mid] ?? 0;
    const otherKey = keys[other] ?? Number.POSITIVE_INFINITY;
    if (otherKey < key || (otherKey === key && other < index)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The positions and keys by row index, grown (doubling) to hold at least `size` rows; new positions are -1. */
export function grownTo(size: number, positions: Int32Array, keys: Float64Array): { positions: Int32Array; keys: Float64Array } {
  if (positions.length >= size) return { positions, keys };
  const morePositions = new Int32Array(Math.max(size, positions.length * 2)).fill(-1);
  morePositions.set(positions);
  const moreKeys = new Float64Array(morePositions.length);
  moreKeys.set(keys);
  return { positions: morePositions, keys: moreKeys };
}
