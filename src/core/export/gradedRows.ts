import { itemGradesOf } from '../adjudication/gradedScore';
import { type RunState } from '../adjudication/runState';
import { type GradedScale, isGraded, scaleOf } from '../scale/verdictScale';
import { facetNames, facetsOf } from '../judgeValidation/facets';
import { type AnnotatorGrade, type GradeOnScale, type HumanGrade, annotatorGradesOf, gradeOnScale, humanGradeOf } from './gradedCells';

/** What a graded run's adjudicated export holds of one item, beside its benchmark's own columns. */
export interface GradedItemRow {
  /** The judge's (or the log's) grade; null: the item has no grade (an error, or no result). */
  readonly automatic: GradeOnScale | null;
  /** The final human grade: the item's own, or from its criteria (decidedHow "criteria"); null: none. */
  readonly human: HumanGrade | null;
  /** The human's grade where there is one, else the judge's. */
  readonly adjudicated: GradeOnScale | null;
  /** The item's criteria, and how many of them have a final human grade. */
  readonly criteria: number;
  readonly criteriaDecided: number;
  /** Each annotator's current grade of the item itself (a criteria item's grades are per criterion). */
  readonly annotatorGrades: readonly AnnotatorGrade[];
  /** Everyone with a state on the item or on one of its criteria, by name. */
  readonly annotators: readonly string[];
}

/** One criterion of one item in `export --adjudicated --per criterion`. */
export interface GradedCriterionRow {
  readonly itemId: string;
  readonly facets: Readonly<Record<string, string>>;
  /** Its id as the source numbers it (SEA-HELM: the part of custom_ids after the item id). */
  readonly criterion: string;
  readonly text: string;
  /** The judge's level as it wrote it (an unknown or mis-cased class kept as written); null: none found. */
  readonly judgeWrote: string | null;
  readonly automatic: GradeOnScale | null;
  readonly human: HumanGrade | null;
  readonly adjudicated: GradeOnScale | null;
  readonly annotatorGrades: readonly AnnotatorGrade[];
  readonly stale: boolean;
  readonly conflict: boolean;
}

/** The run's graded scale, or undefined on a binary run (whose exports stay as they were). */
export function gradedScaleOf(state: RunState): GradedScale | undefined {
  const scale = scaleOf(state.manifest);
  return isGraded(scale) ? scale : undefined;
}

export function gradedItemRow(state: RunState, scale: GradedScale, itemId: string): GradedItemRow {
  const adjudication = state.adjudication(itemId);
  const grades = itemGradesOf(state.current.get(itemId), adjudication);
  return {
    automatic: gradeOnScale(scale, grades.automatic),
    human: humanGradeOf(scale, grades.human),
    adjudicated: gradeOnScale(scale, grades.adjudicated),
    criteria: grades.criteria.length,
    criteriaDecided: grades.criteria.filter((c) => c.human !== null).length,
    annotatorGrades: annotatorGradesOf(scale, adjudication?.annotators ?? []),
    annotators: [
      ...new Set(
        [...(adjudication?.annotators ?? []), ...(adjudication?.criteria ?? []).flatMap((c) => c.annotators)].map((a) => a.annotator),
      ),
    ].sort(),
  };
}

/**
 * The facet names of the run's benchmark (SEA-HELM: category, judging), the columns after itemId; a facet
 * named like one of the export's own columns (Inspect's epoch) is left out: that column holds it already.
 */
export function facetColumns(state: RunState, columns: readonly string[]): readonly string[] {
  return facetNames(state.basics).filter((name) => !columns.includes(name));
}

/** Every criterion of every item, in dataset order and each item's criteria order. */
export function gradedCriterionRows(state: RunState, scale: GradedScale): GradedCriterionRow[] {
  return state.manifest.dataset.itemIds.flatMap((itemId) => {
    const line = state.current.get(itemId);
    if (line?.criteria === undefined) return [];
    const adjudication = state.adjudication(itemId);
    const grades = itemGradesOf(line, adjudication);
    const facets = facetsOf(state.basics, line.inputs);
    return line.criteria.map((criterion, k): GradedCriterionRow => {
      const g = grades.criteria[k];
      const decided = adjudication?.criteria.find((c) => c.id === criterion.id);
      return {
        itemId,
        facets,
        criterion: criterion.id,
        text: criterion.text,
        judgeWrote: criterion.level,
        automatic: gradeOnScale(scale, g?.automatic),
        human: humanGradeOf(scale, g?.human ?? null),
        adjudicated: gradeOnScale(scale, g?.adjudicated),
        annotatorGrades: annotatorGradesOf(scale, decided?.annotators ?? []),
        stale: decided?.stale ?? false,
        conflict: decided?.conflict ?? false,
      };
    });
  });
}
