/** The three verdict categories, in the order every table and chart uses. */
export const VERDICT_LABELS = ['true', 'false', 'null'] as const;
export type VerdictLabel = (typeof VERDICT_LABELS)[number];

export function verdictLabel(verdict: boolean | null): VerdictLabel {
  return verdict === null ? 'null' : verdict ? 'true' : 'false';
}

/**
 * A square table of two raters' labels over the same items: counts[r][c] = items the row rater put in
 * labels[r] and the column rater in labels[c]. Plain JSON, ready for a chart.
 */
export interface ConfusionMatrix {
  readonly labels: readonly string[];
  /** Who the rows are (e.g. "judge") and who the columns are (e.g. "human"). */
  readonly rows: string;
  readonly columns: string;
  readonly counts: readonly (readonly number[])[];
}

export function confusionMatrix<L extends string>(
  labels: readonly L[],
  pairs: Iterable<readonly [L, L]>,
  who: { readonly rows: string; readonly columns: string },
): ConfusionMatrix {
  const index = new Map<string, number>(labels.map((label, i) => [label, i]));
  const counts = labels.map(() => labels.map(() => 0));
  for (const [row, column] of pairs) {
    const r = index.get(row);
    const c = index.get(column);
    if (r === undefined || c === undefined)
      throw new RangeError(`confusionMatrix: label "${r === undefined ? row : column}" is not one of ${labels.join(', ')}`);
    const cells = counts[r];
    if (cells !== undefined) cells[c] = (cells[c] ?? 0) + 1;
  }
  return { labels, rows: who.rows, columns: who.columns, counts };
}

export function tableTotal(counts: readonly (readonly number[])[]): number {
  return counts.reduce((sum, row) => sum + row.reduce((s, x) => s + x, 0), 0);
}

/** The share of items on the diagonal; null for an empty table. */
export function percentAgreement(counts: readonly (readonly number[])[]): number | null {
  const n = tableTotal(counts);
  if (n === 0) return null;
  return counts.reduce((sum, row, i) => sum + (row[i] ?? 0), 0) / n;
}
