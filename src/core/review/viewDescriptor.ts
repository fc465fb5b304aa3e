import { type FacetDefinition, type ReviewView } from '../../protocol';
import { type StatsView } from '../../statsProtocol';

/** What the view descriptors read of a run: its benchmark (a run manifest, or a run header). */
export interface ViewSubject {
  readonly benchmark: string;
}

const REGION_ORDER = ['北海道', '東北', '関東', '中部', '近畿', '中国・四国', '九州', '沖縄', '日本全国', '複数', '不明'];

interface BenchmarkView {
  readonly view: ReviewView;
  /** The review shows English glosses of the items (loaded beside the dataset). */
  readonly glosses: boolean;
}

// The one place the panels learn what differs between benchmarks; the benchmark registry will give these.
const VIEWS: Readonly<Record<string, BenchmarkView>> = {
  yokaieval: {
    view: {
      title: 'YokaiEval',
      showTask: false,
      language: 'ja',
      automatic: 'judge',
      facets: [
        { id: 'type', label: 'Question type' },
        { id: 'region', label: 'Region', order: REGION_ORDER },
      ],
    },
    glosses: true,
  },
  kalahi: {
    view: {
      title: 'Kalahi',
      showTask: true,
      language: 'fil',
      automatic: 'metric',
      facets: [
        { id: 'category', label: 'Category' },
        { id: 'topic', label: 'Topic' },
      ],
    },
    glosses: false,
  },
};

/** A benchmark without a view of its own: its id as the title, no data facets, a judge. */
function plainView(benchmark: string): BenchmarkView {
  return { view: { title: benchmark, showTask: true, language: 'en', automatic: 'judge', facets: [] }, glosses: false };
}

function benchmarkView(run: ViewSubject): BenchmarkView {
  return VIEWS[run.benchmark] ?? plainView(run.benchmark);
}

/** How the review panel shows a run: its header, language, facets and automatic rater. */
export function reviewViewFor(run: ViewSubject): ReviewView {
  return benchmarkView(run).view;
}

/** Whether the review of a run shows English glosses of its items. */
export function usesGlosses(run: ViewSubject): boolean {
  return benchmarkView(run).glosses;
}

/** How the Statistics view names a run's automatic rater and facets. */
export function statsViewFor(run: ViewSubject): StatsView {
  const view = benchmarkView(run).view;
  const title = (facet: FacetDefinition): [string, string] => [facet.id, facet.label.toLowerCase()];
  return { automatic: view.automatic, facetTitles: Object.fromEntries(view.facets.map(title)) };
}
