// The first messages the review bench's host sends, as ReviewPanel.postInit does for an annotator opening a run.
import { hallucinationCategoriesFor } from '../src/core/adjudication/event';
import { type OpeningMessages, openingMessages } from '../src/core/review/openingMessages';
import { type ReviewSession } from '../src/core/review/reviewSession';
import { benchmarkBasicsOf } from '../src/core/benchmarks/registryBasics';

export function benchOpeningMessages(session: ReviewSession): OpeningMessages {
  return openingMessages(session, {
    selectedItemId: null,
    role: 'annotator',
    categories: hallucinationCategoriesFor(benchmarkBasicsOf(session.manifest.benchmark)),
    blind: false,
    canUndo: false,
  });
}
