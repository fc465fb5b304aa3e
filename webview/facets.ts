import type { FacetDefinition, ItemRow } from '../src/core/protocol/review';
import { type FacetSelection, isReviewed } from './filters';

/**
 * Facets of the item list: each gives a row zero or more values; choosing values filters the list (OR
 * within a facet, AND across facets) and every value shows how many rows the other filters leave it. The
 * data facets (a row's `facets`) are the run's, named by the host; the others every run has.
 */
export interface FacetDef {
  readonly id: string;
  readonly label: string;
  /** Reveals the automatic verdict or scores: hidden, and its choice dropped, in blind mode. */
  readonly automatic: boolean;
  /** About verdicts (automatic or human): not listed where items take none. */
  readonly verdict?: true;
  readonly valuesOf: (row: ItemRow) => readonly string[];
  /** Values in this order first; others after them, alphabetically. */
  readonly order?: readonly string[];
  readonly valueLabel?: (value: string) => string;
}

const YES_NO = ['yes', 'no'] as const;
const yesNo = (flag: boolean): readonly string[] => (flag ? ['yes'] : ['no']);
const VERDICTS = ['true', 'false', 'null', 'error', 'missing', 'none'];

/** A facet read from the rows' data: `row.facets[id]`, when not empty. */
export function dataFacet(definition: FacetDefinition): FacetDef {
  const { id, label, order } = definition;
  return {
    id,
    label,
    automatic: false,
    valuesOf: (row) => (row.facets[id] === undefined || row.facets[id] === '' ? [] : [row.facets[id]]),
    ...(order ? { order } : {}),
  };
}

/** Metrics whose acc differs from the final human verdict. */
function metricsAgainstHuman(row: ItemRow): string[] {
  if (row.human === 'none' || row.metricAcc === undefined) return [];
  return Object.entries(row.metricAcc)
    .filter(([, acc]) => String(acc) !== row.human)
    .map(([name]) => name);
}

/** The model (a data facet of every run's rows, after the run's own). */
const MODEL_FACET = dataFacet({ id: 'model', label: 'Model' });

/** The facets of every run that do not come from the rows' data. */
export const ROW_FACETS: readonly FacetDef[] = [
  { id: 'auto', label: 'Automatic verdict', automatic: true, verdict: true, valuesOf: (row) => [row.auto], order: VERDICTS },
  {
    id: 'human',
    label: 'Final human verdict',
    automatic: false,
    verdict: true,
    valuesOf: (row) => [row.human],
    order: VERDICTS,
    valueLabel: (v) => (v === 'none' ? 'no verdict' : v),
  },
  { id: 'adjudicated', label: 'Reviewed', automatic: false, valuesOf: (row) => yesNo(isReviewed(row)), order: YES_NO },
  { id: 'flagged', label: 'Flagged', automatic: false, valuesOf: (row) => yesNo(row.flagged), order: YES_NO },
  { id: 'stale', label: 'Stale', automatic: false, valuesOf: (row) => yesNo(row.stale), order: YES_NO },
  {
    id: 'disagreement',
    label: 'Automatic ≠ human',
    automatic: true,
    verdict: true,
    valuesOf: (row) => (row.human === 'none' ? [] : yesNo(row.disagreement)),
    order: YES_NO,
  },
  { id: 'metric-human', label: 'Metric ≠ human', automatic: true, verdict: true, valuesOf: metricsAgainstHuman },
];

const ROW_FACET_BY_ID = new Map(ROW_FACETS.map((f) => [f.id, f]));

/** A facet by id: one of every run's, else the data facet of that name. */
export function facetDef(id: string): FacetDef {
  return ROW_FACET_BY_ID.get(id) ?? (id === MODEL_FACET.id ? MODEL_FACET : dataFacet({ id, label: id }));
}

/**
 * The facets the panel lists for a run, in order: the host's data facets, the model, any other data facet
 * the rows have, then every run's facets.
 */
export function facetList(data: readonly FacetDefinition[], dataIds: Iterable<string>): FacetDef[] {
  const listed = data.map(dataFacet);
  const named = new Set([...listed.map((f) => f.id), MODEL_FACET.id]);
  const others = [...dataIds].filter((id) => !named.has(id) && !ROW_FACET_BY_ID.has(id)).map((id) => dataFacet({ id, label: id }));
  return [...listed, MODEL_FACET, ...others, ...ROW_FACETS];
}

/** Drops empty choices and (in blind mode) the automatic facets. */
export function cleanSelection(selection: FacetSelection | undefined, blind: boolean): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [id, values] of Object.entries(selection ?? {})) {
    if (values.length === 0 || (blind && facetDef(id).automatic)) continue;
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

/** A facet's values in display order; the rest sorted for the items' language. */
export function orderedValues(def: FacetDef, values: Iterable<string>, language: string | undefined): string[] {
  const all = [...values];
  const order = def.order ?? [];
  const known = order.filter((v) => all.includes(v));
  const rest = all.filter((v) => !order.includes(v)).sort((a, b) => a.localeCompare(b, language));
  return [...known, ...rest];
}

export function valueLabel(def: FacetDef, value: string): string {
  return def.valueLabel?.(value) ?? value;
}
