import { type AnnotatorView, type CriterionAdjudication, type ItemAdjudication } from '../adjudication/itemAdjudication';
import { DEFAULT_AGGREGATION } from '../adjudication/criterionAdjudication';
import { hasGrade } from '../adjudication/event';
import { type RunState } from '../adjudication/runState';
import { type ResultLine } from '../runs/resultLine';
import { aggregateCriteria } from '../scale/criteria';
import { type GradedScale, type Grade } from '../scale/verdictScale';
import { facetNames, facetsOf } from './facets';
import { type AnnotatorGrade, type GradedUnit } from './gradedUnits';
import { type GradedInput } from './gradedValidation';
import { automaticRater } from './judgeHuman';

/** Annotators' (role "annotator") current, non-stale grades. */
function annotatorGrades(views: readonly AnnotatorView[]): AnnotatorGrade[] {
  return views
    .filter((a) => a.role === 'annotator' && !a.stale && hasGrade(a.state))
    .map((a) => ({ annotator: a.annotator, grade: a.state.grade ?? null }));
}

/** The judge's grade on a result line; undefined without a line or with an error. */
function judgeGradeOf(line: ResultLine | undefined): Grade | undefined {
  if (line === undefined || line.error !== null) return undefined;
  return line.grade ?? null;
}

/** A human grade for the item only when every criterion has one: a mix with the judge's grades is not a human figure. */
function itemHumanGrade(adjudication: ItemAdjudication | undefined): Grade | undefined {
  const final = adjudication?.finalGrade;
  if (final === null || final === undefined) return undefined;
  if (final.source === 'criteria' && adjudication?.criteria.some((c) => c.final === null)) return undefined;
  return final.grade;
}

/** On a criteria item, an annotator's item grade: their criteria grades aggregated, when they graded every criterion. */
function annotatorItemGrades(criteria: readonly CriterionAdjudication[], state: RunState): AnnotatorGrade[] {
  const aggregation = state.manifest.criteriaAggregation ?? DEFAULT_AGGREGATION;
  const perCriterion = criteria.map((c) => new Map(annotatorGrades(c.annotators).map((a) => [a.annotator, a.grade])));
  const names = [...new Set(perCriterion.flatMap((m) => [...m.keys()]))].sort();
  return names.flatMap((annotator) => {
    const grades = perCriterion.map((m) => m.get(annotator));
    if (grades.some((g) => g === undefined)) return [];
    return [
      {
        annotator,
        grade: aggregateCriteria(
          grades.map((g) => g ?? null),
          aggregation,
        ),
      },
    ];
  });
}

/**
 * A graded run's units for the statistics: every item (judge grade from its current line, final human grade
 * from the adjudication model) and, on a criteria run, every criterion of every item.
 */
export function gradedInputOf(state: RunState, scale: GradedScale): GradedInput {
  const { manifest } = state;
  const items: GradedUnit[] = [];
  const criteria: GradedUnit[] = [];
  for (const itemId of manifest.dataset.itemIds) {
    const line = state.current.get(itemId);
    const adjudication = state.adjudication(itemId);
    const facets = line === undefined ? {} : facetsOf(state.basics, line.inputs);
    const criteriaAdjudication = adjudication?.criteria ?? [];
    const itemAnnotators =
      criteriaAdjudication.length > 0 ? annotatorItemGrades(criteriaAdjudication, state) : annotatorGrades(adjudication?.annotators ?? []);
    items.push({ id: itemId, judge: judgeGradeOf(line), human: itemHumanGrade(adjudication), annotators: itemAnnotators, facets });
    if (line === undefined || line.error !== null) continue;
    for (const criterion of line.criteria ?? []) {
      const decided = criteriaAdjudication.find((c) => c.id === criterion.id);
      const final = decided?.final ?? null;
      criteria.push({
        id: `${itemId}#${criterion.id}`,
        judge: criterion.grade,
        human: final === null ? undefined : final.grade,
        annotators: annotatorGrades(decided?.annotators ?? []),
        facets,
      });
    }
  }
  return {
    scale,
    items,
    criteria,
    facets: facetNames(state.basics),
    rows: automaticRater(state.basics),
  };
}
