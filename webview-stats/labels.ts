import { type StatsReport, type StatsView } from '../src/core/protocol/stats';

export type EstimateMethod = StatsReport['adjudicated']['estimate']['method'];
export type InterAnnotatorMethod = StatsReport['agreement']['interAnnotator']['method'];

export type EstimateTarget = StatsReport['adjudicated']['estimate']['target'];

export const ESTIMATE_METHOD_NAMES: Readonly<Record<EstimateMethod, string>> = {
  census: 'every item reviewed (exact)',
  wilson: 'Wilson interval (every item reviewed)',
  'stratified-ppi': 'stratified PPI, Price–Bonett interval',
  'post-stratified-ppi': 'post-stratified PPI, Price–Bonett interval',
  none: 'not estimable yet',
};

/** What the estimate's interval is for. */
export const ESTIMATE_TARGET_NAMES: Readonly<Record<EstimateTarget, string>> = {
  'run-items': 'accuracy on the run’s items',
  superpopulation: 'accuracy on the questions the items stand for',
};

export const INTER_ANNOTATOR_METHOD_NAMES: Readonly<Record<InterAnnotatorMethod, string>> = {
  none: 'not computed',
  'cohen-kappa': 'Cohen’s kappa',
  'fleiss-kappa': 'Fleiss’ kappa',
  'krippendorff-alpha-nominal': 'Krippendorff’s alpha (nominal)',
};

/** A facet's name as headings say it (the host names the run's facets). */
export function facetTitle(view: StatsView, facet: string): string {
  return view.facetTitles[facet] ?? facet;
}

/** Who the automatic rater is: an LLM judge, or a similarity metric (the host says which). */
export function automaticName(view: StatsView): string {
  return view.automatic;
}
