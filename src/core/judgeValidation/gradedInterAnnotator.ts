import { krippendorffAlpha } from '../stats/krippendorff';
import { type GradedUnit } from './gradedUnits';

export interface GradedInterAnnotator {
  /** Annotators (role "annotator") with at least one current grade. */
  readonly annotators: readonly string[];
  /** Units graded (not null) by at least two annotators: what alpha is over. */
  readonly items: number;
  /** Krippendorff's alpha with the ordinal and the interval difference; null when not computable. */
  readonly alphaOrdinal: number | null;
  readonly alphaInterval: number | null;
}

/**
 * Agreement between annotators on a graded run: Krippendorff's alpha (2011) at the ordinal and the interval
 * level, any number of annotators and of grades per unit; a null grade is a missing value (not a point of
 * the scale), so it neither agrees nor disagrees.
 */
export function gradedInterAnnotator(units: readonly GradedUnit[]): GradedInterAnnotator {
  const annotators = [...new Set(units.flatMap((u) => u.annotators.map((a) => a.annotator)))].sort();
  const values = units.map((u) => u.annotators.flatMap((a) => (a.grade === null ? [] : [a.grade])));
  const ordinal = krippendorffAlpha(values, 'ordinal');
  const interval = krippendorffAlpha(values, 'interval');
  return { annotators, items: ordinal.units, alphaOrdinal: ordinal.alpha, alphaInterval: interval.alpha };
}
