import type { ItemRow } from '../src/core/protocol/review';
import { ROW_FACETS } from './facets';

/** Counts per facet value: facet id to value to rows. */
export type FacetCounts = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** Each facet's values with the rows they count, and every value each facet has on some row. */
export class FacetTally {
  private countMap = new Map<string, Map<string, number>>();
  private readonly known = new Map<string, Set<string>>();

  get counts(): FacetCounts {
    return this.countMap;
  }

  get values(): ReadonlyMap<string, ReadonlySet<string>> {
    return this.known;
  }

  /** Counting starts again (a new filter). */
  forgetCounts(): void {
    this.countMap = new Map();
  }

  /** The known values start again (a new set of rows). */
  forgetValues(): void {
    this.known.clear();
  }

  /** Adds (sign 1) or removes (sign -1) a row's values; `only`: the one facet the row fails, if any (it counts there alone). */
  add(row: ItemRow, only: string | undefined, sign: 1 | -1): void {
    const add = (id: string, values: readonly string[]): void => {
      if (only !== undefined && only !== id) return;
      let counts = this.countMap.get(id);
      if (counts === undefined) {
        counts = new Map();
        this.countMap.set(id, counts);
      }
      for (const value of values) counts.set(value, (counts.get(value) ?? 0) + sign);
    };
    for (const [id, value] of Object.entries(row.facets)) if (value !== '') add(id, [value]);
    for (const facet of ROW_FACETS) add(facet.id, facet.valuesOf(row));
  }

  /** Keeps the row's values as known values of their facets. */
  learn(row: ItemRow): void {
    const learn = (id: string, values: readonly string[]): void => {
      if (values.length === 0) return;
      let set = this.known.get(id);
      if (set === undefined) {
        set = new Set();
        this.known.set(id, set);
      }
      for (const value of values) set.add(value);
    };
    for (const [id, value] of Object.entries(row.facets)) if (value !== '') learn(id, [value]);
    for (const facet of ROW_FACETS) learn(facet.id, facet.valuesOf(row));
  }
}
