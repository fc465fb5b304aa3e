/** Counts of the n-grams of one order: key -> occurrences. */
export type NgramCounts = Map<string, number>;

/** Counts the n-grams of `tokens` of order n, keyed by the tokens joined with a space (tokens hold none). */
export function countWordNgrams(tokens: readonly string[], n: number): NgramCounts {
  const counts: NgramCounts = new Map();
  const last = tokens.length - n;
  for (let i = 0; i <= last; i++) {
    let key = tokens[i] ?? '';
    for (let k = 1; k < n; k++) key += ' ' + (tokens[i + k] ?? '');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
