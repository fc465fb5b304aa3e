import * as z from 'zod';
import { type IndexFileOptions, column, isCount } from '../runs/resultsIndexFile';
import { type RunManifest } from '../runs/runManifest';
import { TOOL_VERSION } from '../version';
import { type RowBasis } from './itemViews';

/** Bump when rowBasisOf computes its digest differently: index files written before are then rebuilt. */
const ROW_BASIS_VERSION = 1;

/**
 * Row digests stored as columns, the facets as indexes into a table of the distinct facet sets (an item's
 * type and region, or category and topic: a few hundred sets for any number of items), the labels as
 * UTF-8 text apart, each ending at `labelEnds[i]`.
 */
const StoredRowsSchema = z
  .object({
    labelEnds: column('label ends', isCount),
    facetSets: z.array(z.record(z.string(), z.string())),
    facets: column('facet sets', isCount),
    margin: column('margins', (v): v is number | null => v === null || typeof v === 'number'),
    /** Sparse (only Kalahi open items have them): position in the list → value. */
    metricAcc: z.record(z.string(), z.record(z.string(), z.boolean())),
    mc: z.record(z.string(), z.object({ mc1: z.number(), mc2: z.number() })),
  })
  .refine((s) => s.facets.length === s.labelEnds.length && s.margin.length === s.labelEnds.length && s.facets.every((f) => f < s.facetSets.length), 'columns of different lengths');

/** A row digest from the file: its label is decoded from the file's text when a row is drawn. */
class StoredRowBasis implements RowBasis {
  private decoded: string | undefined;

  constructor(
    private readonly text: Buffer,
    private readonly start: number,
    private readonly end: number,
    readonly facets: Readonly<Record<string, string>>,
    readonly margin: number | null,
    readonly metricAcc: Readonly<Record<string, boolean>> | undefined,
    readonly mc: { readonly mc1: number; readonly mc2: number } | undefined,
  ) {}

  get label(): string {
    this.decoded ??= this.text.toString('utf8', this.start, this.end);
    return this.decoded;
  }
}

function decodeRows(json: unknown, text: Buffer): RowBasis[] | undefined {
  const parsed = StoredRowsSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const s = parsed.data;
  const rows: RowBasis[] = [];
  let start = 0;
  for (let i = 0; i < s.labelEnds.length; i++) {
    const end = s.labelEnds[i] ?? -1;
    if (end < start || end > text.length) return undefined;
    rows.push(new StoredRowBasis(text, start, end, s.facetSets[s.facets[i] ?? 0] ?? {}, s.margin[i] ?? null, s.metricAcc[i], s.mc[i]));
    start = end;
  }
  return rows;
}

function encodeRows(rows: readonly RowBasis[]): { json: z.input<typeof StoredRowsSchema>; text: Buffer } {
  const setIndex = new Map<string, number>();
  const labels: Buffer[] = [];
  let end = 0;
  const stored = { labelEnds: [] as number[], facetSets: [] as Record<string, string>[], facets: [] as number[], margin: [] as (number | null)[], metricAcc: {} as Record<string, Record<string, boolean>>, mc: {} as Record<string, { mc1: number; mc2: number }> };
  rows.forEach((row, i) => {
    const key = JSON.stringify(row.facets);
    let set = setIndex.get(key);
    if (set === undefined) {
      set = stored.facetSets.push({ ...row.facets }) - 1;
      setIndex.set(key, set);
    }
    const label = Buffer.from(row.label, 'utf8');
    labels.push(label);
    end += label.length;
    stored.labelEnds.push(end);
    stored.facets.push(set);
    stored.margin.push(row.margin);
    if (row.metricAcc !== undefined) stored.metricAcc[i] = { ...row.metricAcc };
    if (row.mc !== undefined) stored.mc[i] = row.mc;
  });
  return { json: stored, text: Buffer.concat(labels) };
}

/**
 * The review's row digests as results.index keeps them: keyed by the tool's version, the digest's
 * version, the benchmark, task and primary metric (a file written under another key is rebuilt).
 */
export function rowBasisFile(manifest: RunManifest, primaryMetric: string): IndexFileOptions<RowBasis> {
  return { key: `rows ${ROW_BASIS_VERSION} ${TOOL_VERSION} ${manifest.benchmark} ${manifest.task} ${primaryMetric}`, encode: encodeRows, decode: decodeRows };
}
