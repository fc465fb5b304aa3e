import type { ItemRow } from '../src/core/protocol/review';
import { marker, plainBadge, verdictBadge } from './badges';
import { el, setText, srOnly } from '../webview-kit/dom';
import { markRanges } from './highlight';
import { findTermRanges } from './textSearch';
import { type GradedScale, gradeName } from './gradedScale';

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
  /** A graded run's scale: rows show grades instead of verdicts. */
  readonly scale?: GradedScale | undefined;
}

/** A grade as a list badge: the level's name or the number ("—" for none), who gave it as its caption. */
function gradeBadge(scale: GradedScale, grade: number | null, who: string): HTMLSpanElement {
  const text = gradeName(scale, grade);
  return el('span', { class: `badge grade-row-badge${grade === null ? ' verdict-null' : ''}`, title: `${who}: ${text}` }, [
    el('span', { class: 'badge-who', 'aria-hidden': 'true' }, who),
    srOnly(`${who}: `),
    el('span', { class: 'badge-text' }, text),
  ]);
}

/** The automatic and human badges of a row. */
function rowBadges(row: ItemRow, look: RowLook, hidden: boolean): HTMLElement[] {
  const scale = look.scale;
  if (row.decidable === false) return [plainBadge('mc', 'graph', 'MC', 'Multiple choice: flags and notes only')];
  const auto = hidden
    ? plainBadge('hidden', 'eye-closed', 'hidden', `${look.autoWho}: hidden until you decide`)
    : scale !== undefined && row.grades !== undefined
      ? gradeBadge(scale, row.grades.auto ?? null, look.autoWho)
      : verdictBadge(row.auto, look.autoWho);
  if (scale !== undefined && row.grades !== undefined)
    return [auto, ...(row.grades.human === undefined ? [] : [gradeBadge(scale, row.grades.human, 'human')])];
  return [auto, ...(row.human === 'none' ? [] : [verdictBadge(row.human, 'human')])];
}

function mineText(row: ItemRow, scale: GradedScale | undefined): string {
  const criteria = row.grades?.criteria;
  if (scale !== undefined && criteria !== undefined && criteria.length > 0)
    return `You: ${String(criteria.filter((c) => c.mine !== undefined).length)} of ${String(criteria.length)} criteria`;
  if (scale !== undefined && row.grades?.mine !== undefined) return `You: ${gradeName(scale, row.grades.mine)}`;
  return row.mine === 'skipped' ? 'You: no decision' : `You: ${row.mine}`;
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
  badges.replaceChildren(...rowBadges(row, look, hidden));
  const showMargin = !hidden && typeof row.margin === 'number';
  setText(margin, showMargin && typeof row.margin === 'number' ? signed(row.margin) : '');
  margin.setAttribute('title', showMargin ? 'Score margin (primary metric diff, or MC margin)' : '');
  const marks: HTMLElement[] = [];
  if (row.mine !== 'none' || (row.grades?.criteria ?? []).some((c) => c.mine !== undefined))
    marks.push(marker('mine', 'account', mineText(row, look.scale)));
  if (row.flagged) marks.push(marker('flagged', 'flag', 'Flagged'));
  if (row.disagreement && !hidden)
    marks.push(marker('disagreement', 'arrow-swap', `${look.autoWho === 'judge' ? 'Judge' : look.autoWho} and human disagree`));
  if (row.conflict) marks.push(marker('conflict', 'warning', 'Annotators conflict'));
  if (row.stale) marks.push(marker('stale', 'history', 'Stale decision'));
  markers.replaceChildren(...marks);
  label.replaceChildren(row.label);
  if (look.terms.length > 0) markRanges(label, (text) => findTermRanges(text, look.terms), 'search-hit');
  if (look.lang === '') label.removeAttribute('lang');
  else label.setAttribute('lang', look.lang);
}
