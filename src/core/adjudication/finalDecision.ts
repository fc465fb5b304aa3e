/**
 * The one rule that makes a final human decision out of annotators' current states, for a binary verdict,
 * an item's grade and a criterion's grade alike (docs/run-folder.md, "Final verdicts").
 */

export interface Decider<T> {
  readonly annotator: string;
  readonly role: 'annotator' | 'adjudicator';
  readonly time: string;
  /** Made on another result than the item's current one: shown, never counted. */
  readonly stale: boolean;
  /** The decision held (undefined: none). */
  readonly decision: T | undefined;
}

export interface FinalOf<T> {
  readonly value: T;
  readonly source: 'adjudicator' | 'agreement';
  readonly by: readonly string[];
}

/**
 * The latest non-stale adjudicator decision; else the decision shared by every annotator who decided; else
 * none, a conflict when they differ. `deciders` in annotator order (agreement's `by` keeps it).
 */
export function finalDecision<T>(deciders: readonly Decider<T>[]): { readonly final: FinalOf<T> | null; readonly conflict: boolean } {
  const decided = deciders.filter((d): d is Decider<T> & { decision: T } => !d.stale && d.decision !== undefined);
  const adjudicators = decided.filter((d) => d.role === 'adjudicator').sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
  const latestAdjudicator = adjudicators[0];
  if (latestAdjudicator !== undefined)
    return { final: { value: latestAdjudicator.decision, source: 'adjudicator', by: [latestAdjudicator.annotator] }, conflict: false };
  const first = decided[0];
  if (first === undefined) return { final: null, conflict: false };
  if (new Set(decided.map((d) => d.decision)).size !== 1) return { final: null, conflict: true };
  return { final: { value: first.decision, source: 'agreement', by: decided.map((d) => d.annotator) }, conflict: false };
}
