import { type ResultLine } from '../runs/resultLine';
import { type FigureItem, type SourceFigure, type SourceFigureResult } from '../runs/sourceFigure';
import { type Grade, type GradedScale } from '../scale/verdictScale';
import { type FinalGrade, type ItemAdjudication } from './itemAdjudication';

/** How many items hold a grade, and how many have none for each reason: null is its own state, never a 0. */
export interface GradeCounts {
  /** Items with a grade on the scale. */
  readonly graded: number;
  /** Items whose grade is null (no parsable verdict, no answer). */
  readonly null: number;
  readonly error: number;
  readonly missing: number;
}

export interface CriterionGrades {
  readonly id: string;
  /** The judge's grade (undefined: no current line). */
  readonly automatic: Grade | undefined;
  /** The criterion's final human grade, or null when it has none. */
  readonly human: FinalGrade | null;
  /** The human's grade where decided, else the judge's. */
  readonly adjudicated: Grade | undefined;
}

/** One item's grades on a graded run, automatic and adjudicated, and its criteria's. */
export interface ItemGrades {
  /** The judge's grade: null when none parsable; undefined for an error or an item without a result. */
  readonly automatic: Grade | undefined;
  /** The item's final human grade (its own, or from its criteria), or null when it has none. */
  readonly human: FinalGrade | null;
  /** The human's grade where there is one, else the judge's. */
  readonly adjudicated: Grade | undefined;
  readonly criteria: readonly CriterionGrades[];
}

export function itemGradesOf(line: ResultLine | undefined, adjudication: ItemAdjudication | undefined): ItemGrades {
  const automatic = line === undefined || line.error !== null ? undefined : (line.grade ?? null);
  const human = adjudication?.finalGrade ?? null;
  const decided = new Map((adjudication?.criteria ?? []).map((c) => [c.id, c.final]));
  const criteria = (line?.criteria ?? []).map((c): CriterionGrades => {
    const final = decided.get(c.id) ?? null;
    return { id: c.id, automatic: c.grade, human: final, adjudicated: final !== null ? final.grade : c.grade };
  });
  return { automatic, human, adjudicated: human !== null ? human.grade : automatic, criteria };
}

/** The mean of the grades there are, and the counts of what is not a grade. */
export interface MeanGrade {
  /** Mean over the items with a grade; null when none has one. Nulls, errors and missing items are left out and counted. */
  readonly mean: number | null;
  readonly counts: GradeCounts;
}

export function meanGrade(grades: Iterable<{ readonly grade: Grade | undefined; readonly line: ResultLine | undefined }>): MeanGrade {
  let sum = 0;
  const counts = { graded: 0, null: 0, error: 0, missing: 0 };
  for (const { grade, line } of grades) {
    if (line === undefined) counts.missing += 1;
    else if (grade === undefined) counts.error += 1;
    else if (grade === null) counts.null += 1;
    else {
      sum += grade;
      counts.graded += 1;
    }
  }
  return { mean: counts.graded === 0 ? null : sum / counts.graded, counts };
}

export interface GradedScore {
  readonly scale: GradedScale;
  /** The judge's item grades. */
  readonly automatic: MeanGrade;
  /** Each item's final human grade where it has one, else the judge's. */
  readonly adjudicated: MeanGrade & {
    /** Items with a final human grade, and those whose human grade differs from the judge's. */
    readonly decided: number;
    readonly changed: number;
  };
  /** Criteria over the run's items (all 0 on a run whose items are graded whole). */
  readonly criteria: {
    readonly total: number;
    readonly judgeNull: number;
    readonly decided: number;
    readonly changed: number;
    readonly conflicts: number;
  };
  /** The source's own figure (SummaryParts.figure), from the judge's and the adjudicated grades; null: the source declares none. */
  readonly figure: SourceFigureResult | null;
}

/** The graded run's scores: the mean grade automatic and adjudicated (nulls counted apart), criteria counts, and the source's figure. */
export function gradedScore(
  scale: GradedScale,
  itemIds: readonly string[],
  current: ReadonlyMap<string, ResultLine>,
  adjudicationOf: (itemId: string) => ItemAdjudication | undefined,
  figure?: SourceFigure,
): GradedScore {
  const items = itemIds.map((itemId) => {
    const line = current.get(itemId);
    const adjudication = adjudicationOf(itemId);
    return { itemId, line, adjudication, grades: itemGradesOf(line, adjudication) };
  });
  const criteria = items.flatMap((i) => i.grades.criteria);
  const figureItems = (side: 'automatic' | 'adjudicated'): FigureItem[] =>
    items.map(({ itemId, line, grades }) => ({
      itemId,
      line,
      grade: grades[side],
      criteria: line?.criteria === undefined ? undefined : grades.criteria.map((c) => c[side] ?? null),
    }));
  return {
    scale,
    automatic: meanGrade(items.map(({ line, grades }) => ({ line, grade: grades.automatic }))),
    adjudicated: {
      ...meanGrade(items.map(({ line, grades }) => ({ line, grade: grades.adjudicated }))),
      decided: items.filter((i) => i.grades.human !== null).length,
      changed: items.filter((i) => i.grades.human !== null && i.grades.human.grade !== i.grades.automatic).length,
    },
    criteria: {
      total: criteria.length,
      judgeNull: criteria.filter((c) => c.automatic === null).length,
      decided: criteria.filter((c) => c.human !== null).length,
      changed: criteria.filter((c) => c.human !== null && c.human.grade !== c.automatic).length,
      conflicts: items.reduce((n, i) => n + (i.adjudication?.criteria.filter((c) => c.conflict).length ?? 0), 0),
    },
    figure:
      figure === undefined
        ? null
        : {
            name: figure.name,
            rule: figure.rule,
            groupedBy: figure.groupedBy ?? null,
            automatic: figure.compute(figureItems('automatic')),
            adjudicated: figure.compute(figureItems('adjudicated')),
          },
  };
}
