import { type GradedScale, type Grade, levelIndexOf } from '../scale/verdictScale';
import { type ConfusionMatrix, confusionMatrix } from '../stats/confusion';
import { type Interval } from '../stats/interval';
import { meanDifference } from '../stats/meanDifference';
import { weightedKappa } from '../stats/weightedKappa';

/** The label of a null grade in a confusion over levels: its own row and column, never a level. */
export const NULL_GRADE_LABEL = 'null';

/** Agreement of two raters' grades on the same units (items or criteria) of a graded run. */
export interface GradedAgreementStats {
  /** Units both decided (a null grade counts as a decision). */
  readonly items: number;
  /** Units where neither grade is null: what the kappas and the differences are over. */
  readonly bothGraded: number;
  /** Share of decided units given the same grade (both null counts as the same). */
  readonly exact: number | null;
  /** Weighted Cohen's kappa over the scale's levels (ranks), with its large-sample interval; null off levels. */
  readonly weightedKappaLinear: number | null;
  readonly weightedKappaLinearCI: Interval | null;
  readonly weightedKappaQuadratic: number | null;
  readonly weightedKappaQuadraticCI: Interval | null;
  /** Mean of (rows − columns) on the scale's values (judge − human: above 0, the judge grades higher), paired t interval. */
  readonly meanDifference: number | null;
  readonly meanDifferenceCI: Interval | null;
  readonly meanAbsoluteDifference: number | null;
  /**
   * Counts over the scale's level names and `null`, rows against columns; null when a grade is not a level's
   * value (a numeric scale, or an item's mean over its criteria): kappa needs levels.
   */
  readonly confusion: ConfusionMatrix | null;
}

/** A grade's level name, 'null', or undefined when the grade is not a level's value. */
function levelLabel(scale: GradedScale, grade: Grade): string | undefined {
  if (grade === null) return NULL_GRADE_LABEL;
  if (scale.kind !== 'ordinal') return undefined;
  const index = levelIndexOf(scale, grade);
  return index === undefined ? undefined : scale.levels[index]?.name;
}

/**
 * Weighted kappa (linear and quadratic), the confusion over levels, the mean difference with its interval and
 * the mean absolute difference of graded pairs [rows rater, columns rater]. Null grades are shown in the
 * confusion and counted in `exact`, and left out of the kappas and differences (null is not a point of the
 * scale: it is neither 0 nor the lowest level).
 */
export function gradedAgreementOf(
  pairs: readonly (readonly [Grade, Grade])[],
  scale: GradedScale,
  who: { rows: string; columns: string },
): GradedAgreementStats {
  const graded = pairs.filter((p): p is readonly [number, number] => p[0] !== null && p[1] !== null);
  const difference = meanDifference(graded);
  const same = pairs.filter(([a, b]) => a === b).length;
  const labelled = pairs.map(([a, b]) => [levelLabel(scale, a), levelLabel(scale, b)] as const);
  const onLevels = scale.kind === 'ordinal' && labelled.every(([a, b]) => a !== undefined && b !== undefined);
  let confusion: ConfusionMatrix | null = null;
  let linear = null;
  let quadratic = null;
  if (onLevels && scale.kind === 'ordinal') {
    const labels = [...scale.levels.map((l) => l.name), NULL_GRADE_LABEL];
    confusion = confusionMatrix(labels, labelled as readonly (readonly [string, string])[], who);
    // The kappas are over the levels only: the table without its null row and column.
    const levels = confusion.counts.slice(0, -1).map((row) => row.slice(0, -1));
    linear = weightedKappa(levels, 'linear');
    quadratic = weightedKappa(levels, 'quadratic');
  }
  return {
    items: pairs.length,
    bothGraded: graded.length,
    exact: pairs.length === 0 ? null : same / pairs.length,
    weightedKappaLinear: linear?.kappa ?? null,
    weightedKappaLinearCI: linear?.ci ?? null,
    weightedKappaQuadratic: quadratic?.kappa ?? null,
    weightedKappaQuadraticCI: quadratic?.ci ?? null,
    meanDifference: difference.mean,
    meanDifferenceCI: difference.ci,
    meanAbsoluteDifference: difference.meanAbsolute,
    confusion,
  };
}
