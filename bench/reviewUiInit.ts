// The first messages the review bench's host sends, as ReviewPanel.postInit does for an annotator opening a run.
import { HALLUCINATION_CATEGORIES, HALLUCINATION_LABELS } from '../src/core/adjudication/event';
import { type InitSequence, initSequence } from '../src/core/review/initSequence';
import { type ReviewSession } from '../src/core/review/reviewSession';

export function benchInitSequence(session: ReviewSession): InitSequence {
  return initSequence(session, {
    selectedItemId: null,
    role: 'annotator',
    categories: HALLUCINATION_CATEGORIES.map((id) => ({ id, label: HALLUCINATION_LABELS[id] })),
    blind: false,
    canUndo: false,
  });
}
