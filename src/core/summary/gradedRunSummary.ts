import { type GradedScore, gradedScore } from '../adjudication/gradedScore';
import { type RunState } from '../adjudication/runState';
import { type SourceFigure } from '../runs/sourceFigure';
import { type GradedScale } from '../scale/verdictScale';

/**
 * A graded run's score as summary, report and exports state it: the mean grade of the judge and the
 * adjudicated one (nulls, errors and missing items left out and counted), criteria counts, and the source's
 * own figure (its benchmark's SummaryParts.figure: SEA-HELM's average_criteria_score) by the source's rule.
 */
export function gradedSummaryOf(state: RunState, scale: GradedScale, figure: SourceFigure | undefined): GradedScore {
  return gradedScore(scale, state.manifest.dataset.itemIds, state.current, (id) => state.adjudication(id), figure);
}
