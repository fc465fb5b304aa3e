import { type FacetDefinition, type ReviewView } from '../../protocol';
import { type StatsView } from '../../statsProtocol';
import { benchmarkOf } from '../benchmarks/registry';

/** What the view descriptors read of a run: its benchmark (a run manifest, or a run header). */
export interface ViewSubject {
  readonly benchmark: string;
}

/** How the review panel shows a run: its header, language, facets and automatic rater (the pages never branch on the benchmark). */
export function reviewViewFor(run: ViewSubject): ReviewView {
  const benchmark = benchmarkOf(run.benchmark);
  const look = benchmark.review.look;
  return { title: benchmark.title, showTask: look.showTask, language: benchmark.language, automatic: look.automatic, facets: look.facets.map((facet) => ({ ...facet, ...(facet.order === undefined ? {} : { order: [...facet.order] }) })) };
}

/** How the Statistics view names a run's automatic rater and facets. */
export function statsViewFor(run: ViewSubject): StatsView {
  const view = reviewViewFor(run);
  const title = (facet: FacetDefinition): [string, string] => [facet.id, facet.label.toLowerCase()];
  return { automatic: view.automatic, facetTitles: Object.fromEntries(view.facets.map(title)) };
}
