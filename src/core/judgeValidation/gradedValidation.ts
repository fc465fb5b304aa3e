import { type GradedScale } from '../scale/verdictScale';
import { type GradedAgreementStats, gradedAgreementOf } from './gradedAgreement';
import { type MeanScoreEstimate, estimateMeanScore } from './gradedEstimate';
import { type GradedInterAnnotator, gradedInterAnnotator } from './gradedInterAnnotator';
import { type GradedUnit, judgeHumanPairs, unitsByFacet } from './gradedUnits';
import { type EstimateOptions } from './estimate';

export interface GradedFacetAgreement extends GradedAgreementStats {
  readonly value: string;
}

/** The graded figures over one kind of unit: the run's items, or their criteria one by one. */
export interface GradedUnitStatistics {
  /** Units of this kind in the run. */
  readonly units: number;
  /** The judge's grade against the final human grade. */
  readonly judgeHuman: GradedAgreementStats;
  /** Facet name to one agreement per value, values sorted. */
  readonly judgeHumanByFacet: Readonly<Record<string, readonly GradedFacetAgreement[]>>;
  /** Annotators against each other: Krippendorff's alpha, ordinal and interval (the ceiling for judge–human agreement). */
  readonly interAnnotator: GradedInterAnnotator;
}

/**
 * A graded run's validation figures (ValidationReport `graded`; absent on a binary run): per item and, when the
 * items have criteria, per criterion, each overall and per facet; and the estimate of the true mean item score.
 */
export interface GradedValidation {
  readonly scale: GradedScale;
  readonly items: GradedUnitStatistics & {
    /** The true mean score of the run's items from a sample of human grades (prediction-powered inference). */
    readonly estimateOfMean: MeanScoreEstimate;
  };
  /** null: the run's items have no criteria. */
  readonly criteria: GradedUnitStatistics | null;
}

export interface GradedInput {
  readonly scale: GradedScale;
  readonly items: readonly GradedUnit[];
  /** Every criterion of every item (none: the items have no criteria). */
  readonly criteria: readonly GradedUnit[];
  readonly facets: readonly string[];
  /** Who the rows are: the run's automatic rater ("judge"). */
  readonly rows: string;
}

function unitStatistics(units: readonly GradedUnit[], input: GradedInput): GradedUnitStatistics {
  const who = { rows: input.rows, columns: 'human' };
  return {
    units: units.length,
    judgeHuman: gradedAgreementOf(judgeHumanPairs(units), input.scale, who),
    judgeHumanByFacet: Object.fromEntries(
      input.facets.map((facet) => [
        facet,
        unitsByFacet(units, facet).map(([value, group]) => ({ value, ...gradedAgreementOf(judgeHumanPairs(group), input.scale, who) })),
      ]),
    ),
    interAnnotator: gradedInterAnnotator(units),
  };
}

export function gradedValidation(input: GradedInput, options: EstimateOptions = {}): GradedValidation {
  return {
    scale: input.scale,
    items: { ...unitStatistics(input.items, input), estimateOfMean: estimateMeanScore(input.items, input.scale, options) },
    criteria: input.criteria.length === 0 ? null : unitStatistics(input.criteria, input),
  };
}
