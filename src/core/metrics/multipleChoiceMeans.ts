export interface McMeans {
  /** Means over the items with an MC part; null when none has one yet (no items, no mean: never 0 or NaN). */
  readonly mc1: number | null;
  readonly mc2: number | null;
  readonly scored: number;
}

/** The means of MC1 and MC2 over the items that have them (the run summary and the review's score header). */
export function mcMeans(parts: readonly { readonly mc1: number; readonly mc2: number }[]): McMeans {
  const mean = (values: readonly number[]): number | null =>
    values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
  return { mc1: mean(parts.map((p) => p.mc1)), mc2: mean(parts.map((p) => p.mc2)), scored: parts.length };
}
