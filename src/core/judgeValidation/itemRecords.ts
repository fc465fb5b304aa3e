import { type AutomaticOutcome, automaticOutcome } from '../adjudication/adjudicatedScore';
import { hasDecision } from '../adjudication/event';
import { type RunState } from '../adjudication/runState';
import { type ResultLine } from '../runs/resultLine';
import { type VerdictLabel, verdictLabel } from '../stats/confusion';
import { facetsOf } from './facets';

export interface AnnotatorVerdict {
  readonly annotator: string;
  readonly verdict: VerdictLabel;
}

/** What the statistics need of one item: its automatic verdict, the human ones, and its facets. */
export interface ItemRecord {
  readonly itemId: string;
  readonly automatic: AutomaticOutcome;
  /** The judge's (or primary metric's) verdict; null when the item has none (an error, or no result). */
  readonly judge: VerdictLabel | null;
  /** The final human verdict under the rules of docs/run-folder.md (Final verdicts); null when there is none. */
  readonly human: VerdictLabel | null;
  readonly humanSource: 'adjudicator' | 'agreement' | null;
  readonly conflict: boolean;
  /** Each annotator's (role "annotator") current, non-stale decision; adjudicators are kept apart. */
  readonly annotators: readonly AnnotatorVerdict[];
  /** Every current, non-stale decision, adjudicators included. */
  readonly decisions: readonly (AnnotatorVerdict & { readonly role: 'annotator' | 'adjudicator' })[];
  /** Facet name to value: YokaiEval type and normalized region, Kalahi category and topic. */
  readonly facets: Readonly<Record<string, string>>;
  readonly line: ResultLine | undefined;
}

export function judgeLabelOf(outcome: AutomaticOutcome): VerdictLabel | null {
  return outcome === 'error' || outcome === 'missing' ? null : outcome;
}

/** One record per item of the run, in dataset order. */
export function itemRecords(state: RunState): ItemRecord[] {
  const benchmark = state.basics;
  return state.manifest.dataset.itemIds.map((itemId) => {
    const line = state.current.get(itemId);
    const automatic = automaticOutcome(line);
    const adjudication = state.adjudication(itemId);
    const decisions = (adjudication?.annotators ?? [])
      .filter((a) => !a.stale && hasDecision(a.state))
      .map((a) => ({ annotator: a.annotator, role: a.role, verdict: verdictLabel(a.state.verdict ?? null) }));
    const final = adjudication?.final ?? null;
    return {
      itemId,
      automatic,
      judge: judgeLabelOf(automatic),
      human: final === null ? null : verdictLabel(final.verdict),
      humanSource: final?.source ?? null,
      conflict: adjudication?.conflict ?? false,
      annotators: decisions.filter((d) => d.role === 'annotator').map(({ annotator, verdict }) => ({ annotator, verdict })),
      decisions,
      facets: line === undefined ? {} : facetsOf(benchmark, line.inputs),
      line,
    };
  });
}
