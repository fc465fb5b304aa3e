import type { ItemRow } from '../src/protocol';
import { isReviewed } from './filters';

/**
 * Facets of the item list: each gives a row zero or more values; choosing values filters the list (OR
 * within a facet, AND across facets) and every value shows how many rows the other filters leave it.
 */
export interface FacetDef {
  readonly id: string;
  readonly label: string;
  /** Reveals the automatic verdict or scores: hidden, and its choice dropped, in blind mode. */
  readonly automatic: boolean;
  readonly valuesOf: (row: ItemRow) => readonly string[];
  /** Values in this order first; others after them, alphabetically. */
  readonly order?: readonly string[];
  readonly valueLabel?: (value: string) => string;
}

const YES_NO = ['yes', 'no'] as const;
const yesNo = (flag: boolean): readonly string[] => (flag ? ['yes'] : ['no']);
const VERDICTS = ['true', 'false', 'null', 'error', 'missing', 'none'];
const REGION_ORDER = ['北海道', '東北', '関東', '中部', '近畿', '中国・四国', '九州', '沖縄', '日本全国', '複数', '不明'];

function dataFacet(id: string, label: string, order?: readonly string[]): FacetDef {
  return { id, label, automatic: false, valuesOf: (row) => (row.facets[id] === undefined || row.facets[id] === '' ? [] : [row.facets[id]]), ...(order ? { order } : {}) };
}

/** Metrics whose acc differs from the final human verdict. */
function metricsAgainstHuman(row: ItemRow): string[] {
  if (row.human === 'none' || row.metricAcc === undefined) return [];
  return Object.entries(row.metricAcc)
    .filter(([, acc]) => String(acc) !== row.human)
    .map(([name]) => name);
}

export const FACETS: readonly FacetDef[] = [
  dataFacet('type', 'Question type'),
  dataFacet('region', 'Region', REGION_ORDER),
  dataFacet('category', 'Category'),
  dataFacet('topic', 'Topic'),
  dataFacet('model', 'Model'),
  { id: 'auto', label: 'Automatic verdict', automatic: true, valuesOf: (row) => [row.auto], order: VERDICTS },
  { id: 'human', label: 'Final human verdict', automatic: false, valuesOf: (row) => [row.human], order: VERDICTS, valueLabel: (v) => (v === 'none' ? 'no verdict' : v) },
  { id: 'adjudicated', label: 'Reviewed', automatic: false, valuesOf: (row) => yesNo(isReviewed(row)), order: YES_NO },
  { id: 'flagged', label: 'Flagged', automatic: false, valuesOf: (row) => yesNo(row.flagged), order: YES_NO },
  { id: 'stale', label: 'Stale', automatic: false, valuesOf: (row) => yesNo(row.stale), order: YES_NO },
  { id: 'disagreement', label: 'Automatic ≠ human', automatic: true, valuesOf: (row) => (row.human === 'none' ? [] : yesNo(row.disagreement)), order: YES_NO },
  { id: 'metric-human', label: 'Metric ≠ human', automatic: true, valuesOf: metricsAgainstHuman },
];

const BY_ID = new Map(FACETS.map((f) => [f.id, f]));

export function facetDef(id: string): FacetDef | undefined {
  return BY_ID.get(id);
}

/** Chosen values per facet; a facet without values chosen does not filter. */
export type FacetSelection = Readonly<Record<string, readonly string[]>>;

/** Drops unknown facets, empty choices and (in blind mode) the automatic facets. */
export function cleanSelection(selection: FacetSelection | undefined, blind: boolean): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [id, values] of Object.entries(selection ?? {})) {
    const def = BY_ID.get(id);
    if (def === undefined || values.length === 0 || (blind && def.automatic)) continue;
    out[id] = [...new Set(values)];
  }
  return out;
}

export function sameSelection(a: FacetSelection, b: FacetSelection): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = a[key] ?? [];
    const y = b[key] ?? [];
    if (x.length !== y.length || x.some((v) => !y.includes(v))) return false;
  }
  return true;
}

/** A facet's values in display order. */
export function orderedValues(def: FacetDef, values: Iterable<string>): string[] {
  const all = [...values];
  const order = def.order ?? [];
  const known = order.filter((v) => all.includes(v));
  const rest = all.filter((v) => !order.includes(v)).sort((a, b) => a.localeCompare(b, 'ja'));
  return [...known, ...rest];
}

export function valueLabel(def: FacetDef, value: string): string {
  return def.valueLabel?.(value) ?? value;
}
