import { type LoggedEvent } from './adjudicationLog';
import { type AnnotatorView, type FinalGrade, annotatorViewsOf, latestPerAnnotatorOf } from './annotatorViews';
import { type CriterionAdjudication, type GradedItem, adjudicateCriteria, gradeFromCriteria } from './criterionAdjudication';
import { type HallucinationCategory } from './event';
import { finalDecision } from './finalDecision';
import { isReviewed } from './reviewed';
import { type UndoHistory } from './undoHistory';

export { type AnnotatorView, type FinalGrade } from './annotatorViews';
export { type CriterionAdjudication, type GradedItem } from './criterionAdjudication';

export interface FinalVerdict {
  readonly verdict: boolean | null;
  readonly source: 'adjudicator' | 'agreement';
  readonly by: readonly string[];
}

export interface ItemAdjudication {
  readonly itemId: string;
  /** Each annotator's current state on the item itself (latest time wins, ties to the later line), by name. */
  readonly annotators: readonly AnnotatorView[];
  /** A binary run's final human verdict (null on a graded run, whose decisions are grades). */
  readonly final: FinalVerdict | null;
  /**
   * A graded run's final human grade of the item: its own by the same rule as a verdict (an item without
   * criteria), or aggregated from its criteria's (each criterion's final human grade, else the judge's).
   */
  readonly finalGrade: FinalGrade | null;
  /** Its criteria, each decided on its own, in its result line's order (none: an item without criteria). */
  readonly criteria: readonly CriterionAdjudication[];
  /** Annotators decided differently and no adjudicator settled it (the item, or one of its criteria). */
  readonly conflict: boolean;
  readonly stale: boolean;
  /** Some current, non-stale state holds a decision on the item or one of its criteria (items that take none: a flag or a note); see reviewed.ts. */
  readonly reviewed: boolean;
  /** Hallucination categories flagged in current (non-stale) states. */
  readonly flags: readonly HallucinationCategory[];
  readonly lastChange: string | null;
}

/** The item-level events that win per annotator (a criterion's events aside): the latest time, ties going to the later line. */
export function latestPerAnnotator(events: readonly LoggedEvent[]): LoggedEvent[] {
  return latestPerAnnotatorOf(events.filter((logged) => logged.event.criterion === undefined));
}

/**
 * An item's adjudication under the rules of docs/run-folder.md (Final verdicts): the final human verdict (or grade) is the latest non-stale
 * adjudicator decision; else the one shared by every annotator who decided; else none (a conflict when they
 * differ). Per (criterion, annotator) the latest event wins; an item with criteria takes its grade from
 * them (`graded`: its current line's criteria and run.json's aggregation), so an item-level grade on it is
 * left out (runState reports it).
 */
export function adjudicateItem(
  itemId: string,
  events: readonly LoggedEvent[],
  currentBasis: string | undefined,
  takesVerdicts = true,
  graded: GradedItem = {},
): ItemAdjudication {
  const annotators = annotatorViewsOf(
    events.filter((logged) => logged.event.criterion === undefined),
    currentBasis,
  );
  const criterionEvents = events.filter((logged) => logged.event.criterion !== undefined);
  const criteria =
    graded.criteria !== undefined || criterionEvents.length > 0 ? adjudicateCriteria(criterionEvents, currentBasis, graded) : [];
  const binary = finalDecision(annotators.map((a) => ({ ...a, decision: a.state.verdict })));
  const byCriteria = criteria.length > 0;
  const itemGrade = byCriteria
    ? { final: null, conflict: false }
    : finalDecision(annotators.map((a) => ({ ...a, decision: a.state.grade })));
  const finalGrade = byCriteria
    ? gradeFromCriteria(criteria, graded.aggregation)
    : itemGrade.final === null
      ? null
      : { grade: itemGrade.final.value, source: itemGrade.final.source, by: itemGrade.final.by };
  const live = annotators.filter((a) => !a.stale);
  const flags = [...new Set(live.map((a) => a.state.hallucination).filter((h): h is HallucinationCategory => h !== null))];
  const criterionViews = criteria.flatMap((c) => c.annotators);
  const times = [...annotators, ...criterionViews].map((a) => a.time).sort();
  return {
    itemId,
    annotators,
    final: binary.final === null ? null : { verdict: binary.final.value, source: binary.final.source, by: binary.final.by },
    finalGrade,
    criteria,
    conflict: binary.conflict || itemGrade.conflict || criteria.some((c) => c.conflict),
    stale: annotators.some((a) => a.stale) || criteria.some((c) => c.stale),
    reviewed: isReviewed(annotators, takesVerdicts) || isReviewed(criterionViews, true),
    flags,
    lastChange: times[times.length - 1] ?? null,
  };
}

/** Events grouped by item, so one new event recomputes one item. */
export class AdjudicationIndex {
  private readonly byItem = new Map<string, LoggedEvent[]>();

  /**
   * `takesVerdicts`: the run's items take a verdict (false: flags and notes only), from the benchmark's review
   * settings; `undo`: an annotator's undo history, fed every event too.
   */
  constructor(
    events: readonly LoggedEvent[] = [],
    private readonly takesVerdicts = true,
    readonly undo?: UndoHistory,
  ) {
    for (const logged of events) this.add(logged);
  }

  add(logged: LoggedEvent): void {
    this.undo?.add(logged);
    const list = this.byItem.get(logged.event.itemId);
    if (list === undefined) this.byItem.set(logged.event.itemId, [logged]);
    else list.push(logged);
  }

  eventsOf(itemId: string): readonly LoggedEvent[] {
    return this.byItem.get(itemId) ?? [];
  }

  itemIds(): IterableIterator<string> {
    return this.byItem.keys();
  }

  /**
   * `currentBasis`: the basis digest of the item's current result line (decisionBasis.ts), undefined when it has none;
   * `graded`: its criteria and run.json's aggregation, on a criteria run.
   */
  adjudicate(itemId: string, currentBasis: string | undefined, graded: GradedItem = {}): ItemAdjudication {
    return adjudicateItem(itemId, this.eventsOf(itemId), currentBasis, this.takesVerdicts, graded);
  }
}
