import type { ItemRow } from '../src/protocol';
import { marker, plainBadge, verdictBadge } from './badges';
import { el, setText } from '../webview-kit/dom';
import { markRanges } from './highlight';
import { findTermRanges } from './textSearch';

/** Height of a list row in CSS pixels (two lines: index and badges, then the label). */
export const ROW_HEIGHT = 52;

/** How a row is drawn besides its data. */
export interface RowLook {
  /** BCP 47 language of the label. */
  readonly lang: string;
  /** Who gives the automatic verdict: "judge", or Kalahi's primary metric. */
  readonly autoWho: string;
  /** Blind review: whether this row's automatic verdict is hidden. */
  readonly hideAuto: (row: ItemRow) => boolean;
  /** Folded query terms to highlight in the label. */
  readonly terms: readonly string[];
}

/** Builds the (recycled) element of one list row; its content is filled by fillRow. */
export function createRowElement(): HTMLElement {
  const row = el('div', { class: 'row' }, [
    el('div', { class: 'row-top' }, [
      el('span', { class: 'row-index' }),
      el('span', { class: 'row-badges' }),
      el('span', { class: 'row-margin' }),
      el('span', { class: 'row-markers' }),
    ]),
    el('div', { class: 'row-label' }),
  ]);
  return row;
}

function signed(x: number): string {
  return x > 0 ? `+${x.toFixed(3)}` : x < 0 ? `−${Math.abs(x).toFixed(3)}` : '±0.000';
}

/** Fills a row element with a row's data, as text only. */
export function fillRow(element: HTMLElement, row: ItemRow | undefined, look: RowLook): void {
  const [top, label] = Array.from(element.children);
  const [index, badges, margin, markers] = Array.from(top?.children ?? []);
  if (label === undefined || index === undefined || badges === undefined || markers === undefined || margin === undefined) return;
  if (row === undefined) {
    setText(index, '');
    badges.replaceChildren();
    markers.replaceChildren();
    setText(margin, '');
    setText(label, '');
    return;
  }
  const hidden = look.hideAuto(row);
  element.dataset['itemId'] = row.id;
  setText(index, row.id === String(row.index) ? `#${row.index}` : `#${row.index} · ${row.id}`);
  const auto = row.decidable === false ? plainBadge('mc', 'graph', 'MC', 'Multiple choice: flags and notes only') : hidden ? plainBadge('hidden', 'eye-closed', 'hidden', `${look.autoWho}: hidden until you decide`) : verdictBadge(row.auto, look.autoWho);
  badges.replaceChildren(auto, ...(row.human === 'none' ? [] : [verdictBadge(row.human, 'human')]));
  const showMargin = !hidden && typeof row.margin === 'number';
  setText(margin, showMargin && typeof row.margin === 'number' ? signed(row.margin) : '');
  margin.setAttribute('title', showMargin ? 'Score margin (primary metric diff, or MC margin)' : '');
  const marks: HTMLElement[] = [];
  if (row.mine !== 'none') marks.push(marker('mine', 'account', row.mine === 'skipped' ? 'You: no decision' : `You: ${row.mine}`));
  if (row.flagged) marks.push(marker('flagged', 'flag', 'Flagged'));
  if (row.disagreement && !hidden) marks.push(marker('disagreement', 'arrow-swap', `${look.autoWho === 'judge' ? 'Judge' : look.autoWho} and human disagree`));
  if (row.conflict) marks.push(marker('conflict', 'warning', 'Annotators conflict'));
  if (row.stale) marks.push(marker('stale', 'history', 'Stale decision'));
  markers.replaceChildren(...marks);
  label.replaceChildren(row.label);
  if (look.terms.length > 0) markRanges(label, (text) => findTermRanges(text, look.terms), 'search-hit');
  if (look.lang === '') label.removeAttribute('lang');
  else label.setAttribute('lang', look.lang);
}
