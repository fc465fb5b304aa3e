import { type FacetDefinition, type ReviewView } from '../protocol/review';
import { type StatsView } from '../protocol/stats';
import { benchmarkOf } from '../benchmarks/registry';
import { reportWordsOf } from '../reports/reportWords';
import { type VerdictScale, isGraded } from '../scale/verdictScale';

/** What the view descriptors read of a run: its benchmark (a run manifest, or a run header). */
export interface ViewSubject {
  readonly benchmark: string;
  /** The run's verdict scale (run.json `scale`); absent: binary. */
  readonly scale?: VerdictScale | undefined;
}

/** How the review panel shows a run: its header, language, facets and automatic rater (the pages never branch on the benchmark). */
export function reviewViewFor(run: ViewSubject): ReviewView {
  const benchmark = benchmarkOf(run.benchmark);
  const facets = benchmark.facets.map((facet) => ({
    id: facet.id,
    label: facet.label,
    ...(facet.order === undefined ? {} : { order: [...facet.order] }),
  }));
  const metricVerdict = benchmark.review.metrics?.verdictWords;
  return {
    title: benchmark.title,
    showTask: benchmark.review.taskTitles !== undefined,
    language: benchmark.language,
    automatic: benchmark.verdictBy,
    facets,
    ...(metricVerdict === undefined ? {} : { metricVerdict }),
    ...(run.scale !== undefined && isGraded(run.scale) ? { scale: run.scale } : {}),
  };
}

/** How the Statistics view names a run's automatic rater, facets, flag categories, title and stability. */
export function statsViewFor(run: ViewSubject): StatsView {
  const view = reviewViewFor(run);
  const words = reportWordsOf(run.benchmark);
  const title = (facet: FacetDefinition): [string, string] => [facet.id, facet.label.toLowerCase()];
  return {
    automatic: view.automatic,
    facetTitles: Object.fromEntries(view.facets.map(title)),
    title: words.title,
    categories: benchmarkOf(run.benchmark).hallucinationCategories.map((c) => ({ id: c.id, label: c.label })),
    stability: words.stability === null ? null : { title: words.stability.title, howToMeasure: words.stability.howToMeasure },
  };
}
