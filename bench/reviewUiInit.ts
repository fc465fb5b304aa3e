// The first messages the review bench's host sends, as ReviewPanel.postInit does for an annotator opening a run.
import { hallucinationCategoriesFor } from '../src/core/adjudication/event';
import { type InitSequence, initSequence } from '../src/core/review/initSequence';
import { type ReviewSession } from '../src/core/review/reviewSession';

export function benchInitSequence(session: ReviewSession): InitSequence {
  return initSequence(session, {
    selectedItemId: null,
    role: 'annotator',
    categories: hallucinationCategoriesFor(session.manifest.benchmark),
    blind: false,
    canUndo: false,
  });
}
