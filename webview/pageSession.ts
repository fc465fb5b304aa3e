import type { InitMessage, ReviewView } from '../src/core/protocol/review';
import type { Category } from './flagChooser';
import { metricLabel } from './referenceScores';

/** The page's session with the host: what it knows of the run under review once the host's init arrived. */
export interface Session {
  readonly runDir: string;
  readonly annotator: string;
  readonly categories: readonly Category[];
  /** BCP 47 language of the items' texts, '' when unknown. */
  readonly lang: string;
  readonly view: ReviewView;
  /** Who gives the automatic verdict in the list: "judge", or the run's primary metric. */
  readonly autoWho: string;
}

/** The view of a run when the host sent none: its benchmark's id as the title, no data facets. */
function plainView(run: InitMessage['run']): ReviewView {
  return { title: run.benchmark, showTask: true, language: '', automatic: 'judge', facets: [] };
}

export function sessionOf(message: InitMessage): Session {
  const view = message.view ?? plainView(message.run);
  const metric = message.run.primaryMetric;
  return {
    runDir: message.run.runDir,
    annotator: message.annotator,
    categories: message.categories,
    lang: view.language,
    view,
    autoWho: view.automatic === 'judge' ? 'judge' : metric ? metricLabel(metric) : 'MC',
  };
}
