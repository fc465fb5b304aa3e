import type { ItemRow } from '../src/protocol';
import { verdictBadge, marker } from './badges';
import { el, setText } from './dom';

/** Height of a list row in CSS pixels (two lines: index and badges, then the label). */
export const ROW_HEIGHT = 52;

/** Builds the (recycled) element of one list row; its content is filled by fillRow. */
export function createRowElement(): HTMLElement {
  const row = el('div', { class: 'row' }, [
    el('div', { class: 'row-top' }, [
      el('span', { class: 'row-index' }),
      el('span', { class: 'row-badges' }),
      el('span', { class: 'row-markers' }),
    ]),
    el('div', { class: 'row-label' }),
  ]);
  return row;
}

/** Fills a row element with a row's data, as text only. */
export function fillRow(element: HTMLElement, row: ItemRow | undefined, lang: string): void {
  const [top, label] = Array.from(element.children);
  const [index, badges, markers] = Array.from(top?.children ?? []);
  if (label === undefined || index === undefined || badges === undefined || markers === undefined) return;
  if (row === undefined) {
    setText(index, '');
    badges.replaceChildren();
    markers.replaceChildren();
    setText(label, '');
    return;
  }
  element.dataset['itemId'] = row.id;
  setText(index, row.id === String(row.index) ? `#${row.index}` : `#${row.index} · ${row.id}`);
  badges.replaceChildren(verdictBadge(row.auto, 'judge'), ...(row.human === 'none' ? [] : [verdictBadge(row.human, 'human')]));
  const marks: HTMLElement[] = [];
  if (row.mine !== 'none') marks.push(marker('mine', 'account', row.mine === 'skipped' ? 'You: no decision' : `You: ${row.mine}`));
  if (row.flagged) marks.push(marker('flagged', 'flag', 'Flagged'));
  if (row.disagreement) marks.push(marker('disagreement', 'arrow-swap', 'Judge and human disagree'));
  if (row.conflict) marks.push(marker('conflict', 'warning', 'Annotators conflict'));
  if (row.stale) marks.push(marker('stale', 'history', 'Stale decision'));
  markers.replaceChildren(...marks);
  setText(label, row.label);
  if (lang === '') label.removeAttribute('lang');
  else label.setAttribute('lang', lang);
}
