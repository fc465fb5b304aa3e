import * as z from 'zod';
import { type SectionReader, type SectionWriter, type StringColumn } from '../runs/resultsIndexColumns';
import { type IndexFileOptions, type StoredSummaries } from '../runs/resultsIndexFile';
import { type RunManifest } from '../runs/runManifest';
import { TOOL_VERSION } from '../version';
import { type RowBasis } from './itemViews';

/** Bump when rowBasisOf computes its digest differently: index files written before are then rebuilt. */
const ROW_BASIS_VERSION = 3;

/**
 * Row digests: the labels a string column, the facets a column of indexes into a table of the distinct
 * facet sets (an item's type and region, or category and topic: a few hundred sets for any number of
 * items), the margins a float64 column (NaN for none), the rest sparse in the JSON line.
 */
const StoredRowsSchema = z.object({
  facetSets: z.array(z.record(z.string(), z.string())),
  /** Sparse (only Kalahi open items have them): position in the list → value. */
  metricAcc: z.record(z.string(), z.record(z.string(), z.boolean())),
  mc: z.record(z.string(), z.object({ mc1: z.number(), mc2: z.number() })),
  /** Sparse (graded runs only): position in the list → the line's automatic grade. */
  grades: z.record(z.string(), z.number().nullable()).default({}),
  /** Sparse (items with criteria only): position in the list → the judge's grades of its criteria. */
  criteria: z.record(z.string(), z.array(z.number().nullable())).default({}),
});

/** A row digest from the file, made when a row is drawn (or a header counts it): its label read when asked for. */
class StoredRowBasis implements RowBasis {
  constructor(
    private readonly labels: StringColumn,
    private readonly row: number,
    readonly facets: Readonly<Record<string, string>>,
    readonly margin: number | null,
    readonly metricAcc: Readonly<Record<string, boolean>> | undefined,
    readonly mc: { readonly mc1: number; readonly mc2: number } | undefined,
    readonly grade: number | null | undefined,
    readonly criteria: readonly (number | null)[] | undefined,
  ) {}

  get label(): string {
    return this.labels.get(this.row);
  }
}

function decodeRows(json: unknown, sections: SectionReader, count: number): StoredSummaries<RowBasis> | undefined {
  const parsed = StoredRowsSchema.safeParse(json);
  const labels = sections.strings('label', count);
  const facets = sections.uint32('facets', count);
  const margins = sections.float64('margin', count);
  if (!parsed.success || labels === undefined || facets === undefined || margins === undefined) return undefined;
  const { facetSets, metricAcc, mc, grades, criteria } = parsed.data;
  for (let i = 0; i < count; i++) if ((facets[i] ?? -1) >= facetSets.length) return undefined;
  return {
    at(row) {
      const margin = margins[row] ?? Number.NaN;
      return new StoredRowBasis(
        labels,
        row,
        facetSets[facets[row] ?? 0] ?? {},
        Number.isNaN(margin) ? null : margin,
        metricAcc[row],
        mc[row],
        grades[row],
        criteria[row],
      );
    },
  };
}

function encodeRows(rows: readonly RowBasis[], sections: SectionWriter): z.input<typeof StoredRowsSchema> {
  const setIndex = new Map<string, number>();
  const stored = {
    facetSets: [] as Record<string, string>[],
    metricAcc: {} as Record<string, Record<string, boolean>>,
    mc: {} as Record<string, { mc1: number; mc2: number }>,
    grades: {} as Record<string, number | null>,
    criteria: {} as Record<string, (number | null)[]>,
  };
  const facets: number[] = [];
  rows.forEach((row, i) => {
    const key = JSON.stringify(row.facets);
    let set = setIndex.get(key);
    if (set === undefined) {
      set = stored.facetSets.push({ ...row.facets }) - 1;
      setIndex.set(key, set);
    }
    facets.push(set);
    if (row.metricAcc !== undefined) stored.metricAcc[i] = { ...row.metricAcc };
    if (row.mc !== undefined) stored.mc[i] = row.mc;
    if (row.grade !== undefined) stored.grades[i] = row.grade;
    if (row.criteria !== undefined) stored.criteria[i] = [...row.criteria];
  });
  sections.strings(
    'label',
    rows.map((row) => row.label),
    { lazy: true },
  );
  sections.uint32('facets', facets);
  sections.float64(
    'margin',
    rows.map((row) => row.margin ?? Number.NaN),
  );
  return stored;
}

/**
 * The review's row digests as results.index keeps them: keyed by the tool's version, the digest's
 * version, the benchmark, task and primary metric (a file written under another key is rebuilt).
 */
export function rowBasisFile(manifest: RunManifest, primaryMetric: string): IndexFileOptions<RowBasis> {
  return {
    key: `rows ${ROW_BASIS_VERSION} ${TOOL_VERSION} ${manifest.benchmark} ${manifest.task} ${primaryMetric}`,
    encode: encodeRows,
    decode: decodeRows,
  };
}
