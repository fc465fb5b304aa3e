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

/** The levels of measurement alpha is computed at for numbers (nominal for labels: krippendorffAlphaNominal). */
export const ALPHA_LEVELS = ['nominal', 'ordinal', 'interval'] as const;
export type AlphaLevel = (typeof ALPHA_LEVELS)[number];

/**
 * Krippendorff's alpha for numeric values at a level of measurement, any number of coders, missing values left
 * out of each unit (Krippendorff 2011, section C). From the coincidence matrix o_ck (each unit with m_u >= 2
 * values adds 1/(m_u - 1) per ordered pair of values from different coders) and its marginals n_c:
 *   alpha = 1 - (n - 1) Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck
 * with δ²_ck = [c ≠ k] (nominal), (Σ_{g=c..k} n_g - (n_c + n_k)/2)² over the values in order (ordinal: only
 * the order and how often each value is used count), or (c - k)² (interval).
 */
export function krippendorffAlpha(units: readonly (readonly number[])[], level: AlphaLevel): AlphaResult {
  const pairableUnits = units.filter((values) => values.length >= 2);
  const values = [...new Set(pairableUnits.flat())].sort((a, b) => a - b);
  const index = new Map(values.map((v, i) => [v, i]));
  const coincidences = values.map(() => values.map(() => 0));
  for (const unit of pairableUnits) {
    const weight = 1 / (unit.length - 1);
    unit.forEach((c, i) =>
      unit.forEach((k, j) => {
        const row = coincidences[index.get(c) ?? -1];
        const column = index.get(k) ?? -1;
        if (i !== j && row !== undefined) row[column] = (row[column] ?? 0) + weight;
      }),
    );
  }
  const marginals = coincidences.map((row) => row.reduce((s, x) => s + x, 0));
  const n = marginals.reduce((s, x) => s + x, 0);
  if (pairableUnits.length === 0) return { alpha: null, units: 0, values: 0 };
  const delta = differenceFunction(level, values, marginals);
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < values.length; c++) {
    for (let k = 0; k < values.length; k++) {
      const d = delta(c, k);
      observed += (coincidences[c]?.[k] ?? 0) * d;
      expected += (marginals[c] ?? 0) * (marginals[k] ?? 0) * d;
    }
  }
  const counted = Math.round(n);
  if (expected === 0) return { alpha: null, units: pairableUnits.length, values: counted };
  return { alpha: 1 - ((n - 1) * observed) / expected, units: pairableUnits.length, values: counted };
}

/** δ²(c, k) over the indexes of the sorted distinct values. */
function differenceFunction(level: AlphaLevel, values: readonly number[], marginals: readonly number[]): (c: number, k: number) => number {
  if (level === 'nominal') return (c, k) => (c === k ? 0 : 1);
  if (level === 'interval') return (c, k) => ((values[c] ?? 0) - (values[k] ?? 0)) ** 2;
  const cumulative = [0];
  for (const m of marginals) cumulative.push((cumulative[cumulative.length - 1] ?? 0) + m);
  return (c, k) => {
    const [low, high] = c <= k ? [c, k] : [k, c];
    const between = (cumulative[high + 1] ?? 0) - (cumulative[low] ?? 0);
    return (between - ((marginals[low] ?? 0) + (marginals[high] ?? 0)) / 2) ** 2;
  };
}
