import { el, icon, setText } from '../webview-kit/dom';

/** How many skipped lines are listed; the rest are counted (the Output channel and the CLI list them all). */
const LISTED = 8;

/**
 * A warning bar for lines of adjudications.jsonl the host skipped (not valid events, or events for items the
 * run lacks), so that a decision never vanishes from the counts unnoticed. Shown until dismissed or until the
 * log is clean; a new list shows it again.
 */
export class SkippedLinesBar {
  readonly element: HTMLElement;
  private readonly summary = el('span', { class: 'skipped-summary' });
  private readonly list = el('ul', { class: 'skipped-list' });
  private shown = '';

  constructor() {
    const dismiss = el('vscode-toolbar-button', { icon: 'close', label: 'Dismiss', title: 'Dismiss', class: 'message-dismiss' });
    dismiss.addEventListener('click', () => {
      this.element.hidden = true;
    });
    this.element = el('div', { class: 'message-bar skipped-lines', role: 'alert', hidden: true }, [
      icon('warning', 'message-icon'),
      el('div', { class: 'message-text' }, [this.summary, this.list]),
      dismiss,
    ]);
  }

  /** The host's lines: each skipped line ("skipped <file> line <n>: <reason>"), then any advice. */
  show(lines: readonly string[]): void {
    const key = lines.join('\n');
    if (key === this.shown) return;
    this.shown = key;
    const skipped = lines.filter((l) => l.startsWith('skipped '));
    const advice = lines.filter((l) => !l.startsWith('skipped '));
    setText(
      this.summary,
      `${skipped.length} line${skipped.length === 1 ? '' : 's'} of adjudications.jsonl skipped: decisions on them are not counted.`,
    );
    const items = skipped.slice(0, LISTED).map((l) => el('li', {}, l.slice('skipped '.length)));
    if (skipped.length > LISTED)
      items.push(el('li', { class: 'skipped-more' }, `and ${skipped.length - LISTED} more (see the Eval Adjudicator output)`));
    for (const a of advice) items.push(el('li', { class: 'skipped-advice' }, a));
    this.list.replaceChildren(...items);
    this.element.hidden = lines.length === 0;
  }
}
