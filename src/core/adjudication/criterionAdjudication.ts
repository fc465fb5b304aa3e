import { type CriteriaAggregation, type CriterionResult, aggregateCriteria } from '../scale/criteria';
import { type Grade } from '../scale/verdictScale';
import { type LoggedEvent } from './adjudicationLog';
import { type AnnotatorView, type FinalGrade, annotatorViewsOf } from './annotatorViews';
import { finalDecision } from './finalDecision';

/** One criterion of an item as annotators decided it: each one's current state, and the final human grade. */
export interface CriterionAdjudication {
  /** The criterion's id as its source numbers it (result line `criteria[].id`). */
  readonly id: string;
  /** The judge's grade from the item's current result line (undefined: no current line). */
  readonly automatic: Grade | undefined;
  /** Each annotator's current state on it (latest time wins per annotator, ties to the later line): a grade and a note. */
  readonly annotators: readonly AnnotatorView[];
  /** The latest non-stale adjudicator's grade, else the grade every annotator who decided shares, else null. */
  readonly final: FinalGrade | null;
  /** Annotators graded it differently and no adjudicator settled it. */
  readonly conflict: boolean;
  readonly stale: boolean;
}

/** What an item's adjudication reads of its current result line and run.json on a criteria run. */
export interface GradedItem {
  /** The item's criteria with the judge's grades, in its result line's order (none: it has none, or no line). */
  readonly criteria?: readonly Pick<CriterionResult, 'id' | 'grade'>[] | undefined;
  /** run.json `criteriaAggregation` (none: the mean with null criteria left out). */
  readonly aggregation?: CriteriaAggregation | undefined;
}

export const DEFAULT_AGGREGATION: CriteriaAggregation = { kind: 'mean', nullAs: null };

/**
 * The item's criteria adjudicated one by one. With the item's criteria known, events on a criterion it lacks
 * are left out (runState reports them); without (no current line) every criterion named by an event is shown.
 */
export function adjudicateCriteria(
  criterionEvents: readonly LoggedEvent[],
  currentBasis: string | undefined,
  graded: GradedItem,
): CriterionAdjudication[] {
  const byCriterion = new Map<string, LoggedEvent[]>();
  for (const logged of criterionEvents) {
    const id = logged.event.criterion;
    if (id === undefined) continue;
    const list = byCriterion.get(id);
    if (list === undefined) byCriterion.set(id, [logged]);
    else list.push(logged);
  }
  const known =
    graded.criteria ??
    [...byCriterion.keys()].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).map((id) => ({ id, grade: undefined }));
  return known.map(({ id, grade }) => {
    const annotators = annotatorViewsOf(byCriterion.get(id) ?? [], currentBasis);
    const { final, conflict } = finalDecision(annotators.map((a) => ({ ...a, decision: a.state.grade })));
    return {
      id,
      automatic: grade,
      annotators,
      final: final === null ? null : { grade: final.value, source: final.source, by: final.by },
      conflict,
      stale: annotators.some((a) => a.stale),
    };
  });
}

/**
 * The item's human grade from its criteria, as the source aggregates them: each criterion's final human
 * grade, else the judge's. None while no criterion has a final human grade (the item is the judge's still).
 */
export function gradeFromCriteria(
  criteria: readonly CriterionAdjudication[],
  aggregation: CriteriaAggregation = DEFAULT_AGGREGATION,
): FinalGrade | null {
  const decided = criteria.filter((c) => c.final !== null);
  if (decided.length === 0) return null;
  const grades = criteria.map((c) => (c.final !== null ? c.final.grade : (c.automatic ?? null)));
  const by = [...new Set(decided.flatMap((c) => c.final?.by ?? []))].sort();
  return { grade: aggregateCriteria(grades, aggregation), source: 'criteria', by };
}
