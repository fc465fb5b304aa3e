import { el } from '../webview-kit/dom';

/** The panel's parts, each an element placed by the layout. */
export interface ReviewLayoutParts {
  readonly header: HTMLElement;
  readonly messageBar: HTMLElement;
  readonly skippedLines: HTMLElement;
  readonly filterBar: HTMLElement;
  readonly facetPanel: HTMLElement;
  readonly list: HTMLElement;
  readonly detail: HTMLElement;
  readonly adjudication: HTMLElement;
  readonly announcer: HTMLElement;
  readonly help: HTMLElement;
}

/** The review's page inside `root`: header and message bars above the list beside the detail; the announcer and the help overlay. */
export class ReviewLayout {
  private readonly behindHelp: readonly HTMLElement[];

  constructor(root: HTMLElement, parts: ReviewLayoutParts) {
    const body = el('div', { class: 'review-body' }, [
      el('section', { class: 'list-panel', 'aria-label': 'Item list' }, [parts.filterBar, parts.facetPanel, parts.list]),
      el('div', { class: 'detail-panel' }, [parts.detail, parts.adjudication]),
    ]);
    root.classList.add('review-app');
    root.replaceChildren(parts.header, parts.messageBar, parts.skippedLines, body, parts.announcer, parts.help);
    this.behindHelp = [parts.header, parts.messageBar, parts.skippedLines, body];
  }

  /** While the help is open, the page behind it takes no focus and no input. */
  setInert(inert: boolean): void {
    for (const part of this.behindHelp) part.toggleAttribute('inert', inert);
  }
}
