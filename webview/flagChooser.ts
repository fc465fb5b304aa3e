import type { CategoryId } from '../src/core/protocol/review';
import { el, icon } from '../webview-kit/dom';

export interface Category {
  readonly id: CategoryId;
  readonly label: string;
}

export interface FlagChooserOptions {
  /** A category, or null to clear the flag. */
  readonly onPick: (category: CategoryId | null) => void;
  /** Closed without a choice (or after one), with the element that had the focus when it opened: where focus should go back. */
  readonly onClose: (opener: HTMLElement | null) => void;
}

/**
 * A small menu of hallucination categories: digits 1-9 pick one, 0 or Backspace clears the flag, Escape
 * cancels, arrows move, Enter picks the focused entry. Opened by the h key or the flag button.
 */
export class FlagChooser {
  readonly element: HTMLElement;
  private readonly options: FlagChooserOptions;
  private categories: readonly Category[] = [];
  private items: HTMLElement[] = [];
  private openState = false;
  private opener: HTMLElement | null = null;

  constructor(options: FlagChooserOptions) {
    this.options = options;
    this.element = el('div', { class: 'flag-chooser', role: 'menu', 'aria-label': 'Flag a cultural hallucination', hidden: true });
    this.element.addEventListener('keydown', this.onKeyDown);
    this.element.addEventListener('click', this.onClick);
    this.element.addEventListener('focusout', this.onFocusOut);
  }

  get isOpen(): boolean {
    return this.openState;
  }

  /** Opens next to `anchor` (above it when there is room): fixed, so no scrolling pane clips it. */
  open(categories: readonly Category[], current: CategoryId | null, anchor?: HTMLElement): void {
    this.categories = categories;
    const active = document.activeElement;
    this.opener = active instanceof HTMLElement && active !== document.body ? active : null;
    const entries = categories.map((category, i) => this.item(String(i + 1), category.label, category.id, current === category.id));
    const clear = this.item('0', 'No flag', '', current === null);
    clear.classList.add('flag-clear');
    this.items = [...entries, clear];
    this.element.replaceChildren(
      el('div', { class: 'flag-chooser-title', 'aria-hidden': 'true' }, 'Flag a cultural hallucination'),
      ...this.items,
    );
    this.element.hidden = false;
    this.openState = true;
    if (anchor !== undefined) this.place(anchor);
    const focus = this.items.find((item) => item.getAttribute('aria-checked') === 'true') ?? this.items[0];
    focus?.focus();
  }

  close(): void {
    if (!this.openState) return;
    this.openState = false;
    this.element.hidden = true;
    this.closed();
  }

  private closed(): void {
    const opener = this.opener;
    this.opener = null;
    this.options.onClose(opener);
  }

  private place(anchor: HTMLElement): void {
    const box = anchor.getBoundingClientRect();
    const height = this.element.offsetHeight;
    const width = this.element.offsetWidth;
    const margin = 4;
    const above = box.top - height - margin >= 0 || box.bottom + height + margin > window.innerHeight;
    const top = above ? Math.max(margin, box.top - height - margin) : box.bottom + margin;
    const left = Math.max(margin, Math.min(box.left, window.innerWidth - width - margin));
    this.element.style.top = `${top}px`;
    this.element.style.left = `${left}px`;
  }

  private item(key: string, label: string, value: string, checked: boolean): HTMLElement {
    return el(
      'div',
      {
        class: 'flag-item',
        role: 'menuitemradio',
        'aria-checked': checked ? 'true' : 'false',
        tabindex: -1,
        'data-value': value,
        'aria-keyshortcuts': key,
      },
      [
        el('kbd', { 'aria-hidden': 'true' }, key),
        el('span', { class: 'flag-item-label' }, label),
        checked ? icon('check', 'flag-item-check') : null,
      ],
    );
  }

  private pick(value: string): void {
    const category = this.categories.find((c) => c.id === value);
    this.openState = false;
    this.element.hidden = true;
    this.options.onPick(category === undefined ? null : category.id);
    this.closed();
  }

  private moveFocus(delta: number): void {
    const current = this.items.findIndex((item) => item === document.activeElement);
    const next = this.items[(current + delta + this.items.length) % this.items.length];
    next?.focus();
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.handleKey(event.key)) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  /** A key for the open menu (typed, or replayed after waiting for the item); returns whether it took it. */
  handleKey(key: string): boolean {
    let handled = true;
    if (key === 'Escape') this.close();
    else if (key === '0' || key === 'Backspace' || key === 'Delete') this.pick('');
    else if (/^[1-9]$/.test(key)) {
      const category = this.categories[Number(key) - 1];
      if (category !== undefined) this.pick(category.id);
    } else if (key === 'ArrowDown') this.moveFocus(1);
    else if (key === 'ArrowUp') this.moveFocus(-1);
    else if (key === 'Home') this.items[0]?.focus();
    else if (key === 'End') this.items[this.items.length - 1]?.focus();
    else if (key === 'Enter' || key === ' ') {
      const focused = this.items.find((item) => item === document.activeElement);
      if (focused !== undefined) this.pick(focused.dataset['value'] ?? '');
    } else if (key === 'Tab') this.close();
    else handled = key.length === 1; // swallow other letters so they do not act on the item behind
    return handled;
  }

  private readonly onClick = (event: MouseEvent): void => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('.flag-item') : null;
    if (target !== null) this.pick(target.dataset['value'] ?? '');
  };

  private readonly onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget;
    if (this.openState && next instanceof Node && !this.element.contains(next)) {
      this.openState = false;
      this.element.hidden = true;
    }
  };
}
