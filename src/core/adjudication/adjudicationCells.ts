import { type RunState } from './runState';

/** The per-item adjudication columns every benchmark's adjudicated export shares. */
export interface AdjudicationCells {
  readonly humanVerdict: boolean | null | undefined;
  readonly decidedBy: readonly string[];
  readonly finalSource: 'adjudicator' | 'agreement' | null;
  readonly annotators: readonly string[];
  readonly flags: readonly string[];
  readonly notes: readonly { annotator: string; note: string }[];
  readonly stale: boolean;
  readonly conflict: boolean;
}

/** The human side of an item's row, the same for every benchmark: final verdict, who, flags, live notes. */
export function adjudicationCells(state: RunState, itemId: string): AdjudicationCells {
  const adjudication = state.adjudication(itemId);
  const live = adjudication?.annotators.filter((a) => !a.stale) ?? [];
  return {
    humanVerdict: adjudication?.final === null || adjudication === undefined ? undefined : adjudication.final.verdict,
    decidedBy: adjudication?.final?.by ?? [],
    finalSource: adjudication?.final?.source ?? null,
    annotators: adjudication?.annotators.map((a) => a.annotator) ?? [],
    flags: adjudication?.flags ?? [],
    notes: live.filter((a) => a.state.note !== '').map((a) => ({ annotator: a.annotator, note: a.state.note })),
    stale: adjudication?.stale ?? false,
    conflict: adjudication?.conflict ?? false,
  };
}
