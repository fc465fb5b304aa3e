import { el } from './dom';

/** A polite live region: saves, score changes and key results are read to screen reader users. */
export class Announcer {
  readonly element: HTMLElement;
  private toggle = false;

  constructor() {
    this.element = el('div', { class: 'sr-only', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  }

  announce(text: string): void {
    if (text === '') return;
    // A trailing no-break space that alternates makes a repeated message count as a change.
    this.toggle = !this.toggle;
    this.element.textContent = this.toggle ? text : `${text}\u00a0`;
  }

  get text(): string {
    return (this.element.textContent ?? '').trim();
  }
}
