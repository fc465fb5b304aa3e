import type { ItemRow } from '../src/core/protocol/review';
import type { BlindReview } from './blindReview';
import { gradedScaleOf } from './gradedScale';
import type { Session } from './pageSession';
import { fillRow } from './rowView';

/** Draws a list row in the run's look; a row that shows its automatic verdict counts as seen for blind review. */
export function drawListRow(
  element: HTMLElement,
  row: ItemRow | undefined,
  page: { readonly session: Session | undefined; readonly queryTerms: readonly string[]; readonly blind: BlindReview },
): void {
  const { session, blind } = page;
  fillRow(element, row, {
    lang: session?.lang ?? '',
    autoWho: session?.autoWho ?? 'judge',
    hideAuto: (shown) => blind.hidesRow(shown),
    terms: page.queryTerms,
    scale: gradedScaleOf(session?.view.scale),
  });
  if (row !== undefined && row.decidable !== false && !blind.hidesRow(row)) blind.shown(row.id);
}
