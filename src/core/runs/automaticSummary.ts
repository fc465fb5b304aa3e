import { type ResultLine } from './resultLine';
import { type RunManifest } from './runManifest';

export interface VerdictCounts {
  true: number;
  false: number;
  null: number;
  missing: number;
  error: number;
}

export interface AutomaticScore {
  /** count(true) / items: null, error and missing count as wrong, as the official accuracy does. */
  readonly accuracy: number;
  /** count(true) / (true + false): the items the judge decided. */
  readonly accuracyExcludingNull: number | null;
  readonly counts: VerdictCounts;
}

/** An item's current result by id, in full or as the results index keeps it. */
export interface VerdictLookup {
  get(itemId: string): Pick<ResultLine, 'error' | 'verdict'> | undefined;
}

export function countVerdicts(manifest: RunManifest, current: VerdictLookup): VerdictCounts {
  return countVerdictsOf(manifest.dataset.itemIds.map((id) => current.get(id)));
}

/** The counts of the run's items' current results, given in the run's order (undefined: no result). */
export function countVerdictsOf(lines: Iterable<Pick<ResultLine, 'error' | 'verdict'> | undefined>): VerdictCounts {
  const counts: VerdictCounts = { true: 0, false: 0, null: 0, missing: 0, error: 0 };
  for (const line of lines) {
    if (line === undefined) counts.missing += 1;
    else if (line.error !== null) counts.error += 1;
    else if (line.verdict === true) counts.true += 1;
    else if (line.verdict === false) counts.false += 1;
    else counts.null += 1;
  }
  return counts;
}

export function automaticScore(manifest: RunManifest, current: VerdictLookup): AutomaticScore {
  return automaticScoreOf(countVerdicts(manifest, current));
}

export function automaticScoreOf(counts: VerdictCounts): AutomaticScore {
  const items = counts.true + counts.false + counts.null + counts.missing + counts.error;
  const decided = counts.true + counts.false;
  return {
    accuracy: items === 0 ? 0 : counts.true / items,
    accuracyExcludingNull: decided === 0 ? null : counts.true / decided,
    counts,
  };
}
