import { type EvalScore, type InspectLog, type InspectSample } from './inspectLog';
import { BUILT_IN_METRICS } from './inspectMetrics';
import { isUnscored, valueToFloat } from './inspectValues';

/** A score's values reduced over epochs, per sample id in the log's order, as eval_results reduces them. */
export interface ReducedScore {
  /** The reduced value of each sample id that has the score ("1", "abc": the id as text). */
  readonly reduced: Map<string, number>;
  /** The reduced values that are scored (not NaN), the metrics' input. */
  readonly values: number[];
  readonly unscored: number;
}

/** The epochs reducer of a results entry: its own, else the log's first, else Inspect's default, mean. */
export function reducerOf(log: InspectLog, entry: EvalScore | undefined): string {
  const configured = (log.header.eval.config as { epochs_reducer?: unknown } | undefined)?.epochs_reducer;
  const first = Array.isArray(configured) && typeof configured[0] === 'string' ? configured[0] : undefined;
  return entry?.reducer ?? first ?? 'mean';
}

/**
 * Reduces with the mean (statistics.mean of the floats; with one epoch any reducer gives the value as a
 * float). Other reducers over several epochs are not reproduced: null.
 */
export function reduceScore(samples: readonly InspectSample[], scoreName: string, reducer: string): ReducedScore | null {
  const byId = new Map<string, number[]>();
  for (const sample of samples) {
    const score = sample.scores?.[scoreName];
    if (score === undefined) continue;
    const key = String(sample.id);
    const list = byId.get(key) ?? [];
    list.push(valueToFloat(score.value));
    byId.set(key, list);
  }
  if (reducer !== 'mean' && [...byId.values()].some((v) => v.length > 1)) return null;
  const reduced = new Map<string, number>();
  const values: number[] = [];
  let unscored = 0;
  for (const [id, list] of byId) {
    const scored = list.filter((v) => !isUnscored(v));
    const value = scored.length === 0 ? Number.NaN : scored.reduce((a, b) => a + b, 0) / scored.length;
    reduced.set(id, value);
    if (isUnscored(value)) unscored += 1;
    else values.push(value);
  }
  return { reduced, values, unscored };
}

function emptyOptions(metric: Record<string, unknown>): boolean {
  const options = metric['params'] ?? metric['options'];
  return options === undefined || options === null || (typeof options === 'object' && Object.keys(options).length === 0);
}

/** Each metric of the entry recomputed where it is a built-in one without options; the others are listed. */
export function recomputeMetrics(entry: EvalScore, values: readonly number[]): { values: Record<string, number>; notRecomputed: string[] } {
  const out: Record<string, number> = {};
  const notRecomputed: string[] = [];
  for (const [key, metric] of Object.entries(entry.metrics)) {
    const compute = BUILT_IN_METRICS[metric.name];
    if (compute === undefined || !emptyOptions(metric)) notRecomputed.push(key);
    else out[key] = compute(values);
  }
  return { values: out, notRecomputed };
}

/** The log's results entry for a score (the one without a reducer name, or the mean's, first). */
export function resultsEntry(log: InspectLog, scoreName: string): EvalScore | undefined {
  const entries = (log.header.results?.scores ?? []).filter((e) => e.name === scoreName || e.scorer === scoreName);
  return entries.find((e) => e.name === scoreName && (e.reducer === undefined || e.reducer === null || e.reducer === 'mean')) ?? entries[0];
}
