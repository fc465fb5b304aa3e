export interface AlphaResult {
  /** 1 - D_o / D_e; null when there is nothing to compare or every pairable value is the same. */
  readonly alpha: number | null;
  /** Units with at least two values (only these count). */
  readonly units: number;
  /** Values in those units (n in Krippendorff's notation). */
  readonly values: number;
}

/**
 * Krippendorff's alpha for nominal data with any number of coders and missing values (Krippendorff 2011,
 * "Computing Krippendorff's Alpha-Reliability", via the coincidence matrix): each unit with m_u >= 2 values
 * adds 1 / (m_u - 1) for every ordered pair of its values from different coders;
 * alpha = 1 - (n - 1) Σ_{c≠k} o_ck / Σ_{c≠k} n_c n_k. `units` holds each unit's values (missing ones left out).
 */
export function krippendorffAlphaNominal<T>(units: readonly (readonly T[])[]): AlphaResult {
  let observed = 0;
  const marginals = new Map<T, number>();
  let pairable = 0;
  let n = 0;
  for (const values of units) {
    const m = values.length;
    if (m < 2) continue;
    pairable += 1;
    n += m;
    const tally = new Map<T, number>();
    for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
    // Ordered pairs of different values within the unit: m² - Σ count², each weighted 1 / (m - 1).
    let same = 0;
    for (const [value, count] of tally) {
      same += count * count;
      marginals.set(value, (marginals.get(value) ?? 0) + count);
    }
    observed += (m * m - same) / (m - 1);
  }
  if (pairable === 0) return { alpha: null, units: 0, values: 0 };
  let sameExpected = 0;
  for (const count of marginals.values()) sameExpected += count * count;
  const expectedPairs = n * n - sameExpected;
  if (expectedPairs === 0) return { alpha: null, units: pairable, values: n };
  return { alpha: 1 - ((n - 1) * observed) / expectedPairs, units: pairable, values: n };
}
