import { z } from 'zod';
import { type IndexFileOptions } from '../runs/resultsIndexFile';
import { type RunManifest } from '../runs/runManifest';
import { TOOL_VERSION } from '../version';
import { type RowBasis } from './itemViews';

/** Bump when rowBasisOf computes its digest differently: index files written before are then rebuilt. */
const ROW_BASIS_VERSION = 1;

/**
 * Row digests stored as columns, the facets as indexes into a table of the distinct facet sets (an item's
 * type and region, or category and topic: a few hundred sets for any number of items).
 */
const StoredRowsSchema = z
  .object({
    label: z.array(z.string()),
    facetSets: z.array(z.record(z.string(), z.string())),
    facets: z.array(z.number().int().nonnegative()),
    margin: z.array(z.number().nullable()),
    /** Sparse (only Kalahi open items have them): position in the list → value. */
    metricAcc: z.record(z.string(), z.record(z.string(), z.boolean())),
    mc: z.record(z.string(), z.object({ mc1: z.number(), mc2: z.number() })),
  })
  .refine((s) => s.facets.length === s.label.length && s.margin.length === s.label.length && s.facets.every((f) => f < s.facetSets.length), 'columns of different lengths')
  .transform((s): RowBasis[] => s.label.map((label, i) => ({ label, facets: s.facetSets[s.facets[i] ?? 0] ?? {}, margin: s.margin[i] ?? null, metricAcc: s.metricAcc[i], mc: s.mc[i] })));

function encodeRows(rows: readonly RowBasis[]): z.input<typeof StoredRowsSchema> {
  const setIndex = new Map<string, number>();
  const stored = { label: [] as string[], facetSets: [] as Record<string, string>[], facets: [] as number[], margin: [] as (number | null)[], metricAcc: {} as Record<string, Record<string, boolean>>, mc: {} as Record<string, { mc1: number; mc2: number }> };
  rows.forEach((row, i) => {
    const key = JSON.stringify(row.facets);
    let set = setIndex.get(key);
    if (set === undefined) {
      set = stored.facetSets.push({ ...row.facets }) - 1;
      setIndex.set(key, set);
    }
    stored.label.push(row.label);
    stored.facets.push(set);
    stored.margin.push(row.margin);
    if (row.metricAcc !== undefined) stored.metricAcc[i] = { ...row.metricAcc };
    if (row.mc !== undefined) stored.mc[i] = row.mc;
  });
  return stored;
}

/**
 * The review's row digests as results.index.json keeps them: keyed by the tool's version, the digest's
 * version, the benchmark, task and primary metric (a file written under another key is rebuilt).
 */
export function rowBasisFile(manifest: RunManifest, primaryMetric: string): IndexFileOptions<RowBasis> {
  return { key: `rows ${ROW_BASIS_VERSION} ${TOOL_VERSION} ${manifest.benchmark} ${manifest.task} ${primaryMetric}`, encode: encodeRows, decode: StoredRowsSchema };
}
