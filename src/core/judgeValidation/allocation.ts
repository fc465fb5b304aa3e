/**
 * How many of n sampled items each stratum gets: proportional to its size, rounded by largest remainder
 * (Hamilton), then raised to two in any stratum that has at least two items (so each stratum has a variance
 * estimate) by taking from the strata most above their exact share; never more than a stratum holds.
 * Strata keep the order given; empty strata are left out.
 */
export function allocateSample(populations: ReadonlyMap<string, number>, n: number): Map<string, number> {
  const entries = [...populations.entries()].filter(([, size]) => size > 0);
  const total = entries.reduce((s, [, size]) => s + size, 0);
  if (n >= total) return new Map(entries);
  const quotas = entries.map(([, size]) => (n * size) / total);
  const counts = quotas.map((q) => Math.floor(q));
  let left = n - counts.reduce((s, x) => s + x, 0);
  const byRemainder = quotas.map((q, i) => ({ i, remainder: q - Math.floor(q) })).sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
    left -= 1;
  }
  const minimums = entries.map(([, size]) => Math.min(size, 2));
  if (minimums.reduce((s, x) => s + x, 0) <= n) {
    for (let i = 0; i < counts.length; i++) {
      while ((counts[i] ?? 0) < (minimums[i] ?? 0)) {
        let donor = -1;
        for (let j = 0; j < counts.length; j++) {
          if ((counts[j] ?? 0) <= (minimums[j] ?? 0)) continue;
          const surplus = (counts[j] ?? 0) - (quotas[j] ?? 0);
          if (donor === -1 || surplus > (counts[donor] ?? 0) - (quotas[donor] ?? 0)) donor = j;
        }
        if (donor === -1) break;
        counts[donor] = (counts[donor] ?? 0) - 1;
        counts[i] = (counts[i] ?? 0) + 1;
      }
    }
  }
  return new Map(entries.map(([name], i) => [name, counts[i] ?? 0]));
}
