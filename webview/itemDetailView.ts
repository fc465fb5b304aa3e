import type { ItemDetail } from '../src/core/protocol/review';
import type { DetailContext } from './detailParts';
import { renderGeneric } from './detailGeneric';
import { renderReferences } from './detailReferences';
import { renderChoices } from './detailChoices';
import { el } from '../webview-kit/dom';

export type { DetailContext, ReferencesViewState } from './detailParts';

/** The panes of a detail, by what it shows: a new shape of detail adds a renderer here. */
function renderPanes(detail: ItemDetail, context: DetailContext): HTMLElement[] {
  switch (detail.kind) {
    case 'choices':
      return renderChoices(detail, context);
    case 'references':
      return renderReferences(detail, context);
    case 'texts':
      return renderGeneric(detail, context);
  }
}

/** The item and the model's output, side by side; an empty state and a loading state. */
export class ItemDetailView {
  readonly element: HTMLElement;

  constructor() {
    this.element = el('div', { class: 'detail-columns', 'aria-live': 'off' });
    this.showEmpty('Select an item to review it.');
  }

  show(detail: ItemDetail, context: DetailContext): void {
    this.element.dataset['kind'] = detail.kind;
    this.element.replaceChildren(...renderPanes(detail, context));
    this.element.scrollTop = 0;
    this.doneLoading();
  }

  showLoading(): void {
    this.element.setAttribute('aria-busy', 'true');
    this.element.classList.add('is-loading');
  }

  doneLoading(): void {
    this.element.removeAttribute('aria-busy');
    this.element.classList.remove('is-loading');
  }

  showEmpty(text: string): void {
    this.element.replaceChildren(el('p', { class: 'empty-state' }, text));
    this.doneLoading();
  }
}
