import { el } from '../webview-kit/dom';

export interface VirtualListOptions {
  /** Fixed height of every row, in CSS pixels. */
  readonly rowHeight: number;
  /** Rows rendered beyond each edge of the viewport. */
  readonly overscan?: number;
  /** Accessible name of the listbox. */
  readonly label: string;
  /** Prefix of the rows' element ids (aria-activedescendant points at them). */
  readonly idPrefix: string;
  /** Builds an empty row element; rows are recycled, so this runs about as often as rows fit the viewport. */
  readonly createRow: () => HTMLElement;
  /** Fills a row element with the content of a position of the list. */
  readonly renderRow: (row: HTMLElement, position: number) => void;
  /** A row was clicked. */
  readonly onActivate: (position: number) => void;
  /** The list scrolled (the view persists scrollTop). */
  readonly onScroll?: (scrollTop: number) => void;
}

/** Height assumed when the element is not laid out (a DOM without layout, a hidden panel). */
const FALLBACK_VIEWPORT = 720;
const MAX_FREE_ROWS = 64;

/**
 * A virtualized listbox with fixed row heights: a spacer gives the scroll height of every row, and only the
 * rows in (and a little beyond) the viewport exist, positioned by transform, plus the selected row so
 * aria-activedescendant always points at an element. Row elements are recycled; one delegated click
 * listener serves every row.
 */
export class VirtualList {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLDivElement;
  private readonly options: VirtualListOptions;
  private count = 0;
  private selected = -1;
  private readonly mounted = new Map<number, HTMLElement>();
  private readonly free: HTMLElement[] = [];
  private resizeObserver: ResizeObserver | undefined;
  /** The viewport height when the selection was last revealed (0: not since the last resize). */
  private revealedIn = 0;

  constructor(options: VirtualListOptions) {
    this.options = options;
    this.canvas = el('div', { class: 'vlist-canvas' });
    this.element = el('div', { class: 'vlist', role: 'listbox', tabindex: 0, 'aria-label': options.label }, [this.canvas]);
    this.element.style.setProperty('--row-height', `${options.rowHeight}px`);
    this.element.addEventListener('scroll', this.onScrollEvent);
    this.element.addEventListener('click', this.onClick);
    if (typeof ResizeObserver === 'function') {
      this.resizeObserver = new ResizeObserver(() => this.onResize());
      this.resizeObserver.observe(this.element);
    }
  }

  dispose(): void {
    this.element.removeEventListener('scroll', this.onScrollEvent);
    this.element.removeEventListener('click', this.onClick);
    this.resizeObserver?.disconnect();
  }

  /** Sets how many rows the list holds and redraws every rendered row. */
  setCount(count: number): void {
    this.count = count;
    this.canvas.style.height = `${count * this.options.rowHeight}px`;
    if (this.selected >= count) this.selected = -1;
    this.invalidate();
  }

  setSelected(position: number): void {
    const previous = this.selected;
    this.selected = position >= 0 && position < this.count ? position : -1;
    if (previous !== this.selected) {
      this.refreshPosition(previous);
      this.refreshPosition(this.selected);
    }
    this.render();
  }

  /** Redraws the content of every rendered row (their data changed). */
  invalidate(): void {
    for (const [position, row] of this.mounted) {
      this.recycle(position, row);
    }
    this.render();
  }

  /** Redraws one position if it is rendered. */
  refreshPosition(position: number): void {
    const row = this.mounted.get(position);
    if (row !== undefined) this.fill(row, position);
  }

  get scrollTop(): number {
    return this.element.scrollTop;
  }

  set scrollTop(value: number) {
    const max = Math.max(0, this.count * this.options.rowHeight - this.viewportHeight());
    this.element.scrollTop = Math.max(0, Math.min(value, max));
    this.render();
  }

  /** Scrolls the least needed to show a position (centred when it is far away). */
  scrollToPosition(position: number): void {
    if (position < 0 || position >= this.count) return;
    const h = this.options.rowHeight;
    const viewport = this.viewportHeight();
    this.revealedIn = viewport;
    const top = this.element.scrollTop;
    const rowTop = position * h;
    if (rowTop < top - viewport || rowTop > top + 2 * viewport) this.scrollTop = rowTop - (viewport - h) / 2;
    else if (rowTop < top) this.scrollTop = rowTop;
    else if (rowTop + h > top + viewport) this.scrollTop = rowTop + h - viewport;
    else this.render();
  }

  /** The element of a rendered position (tests and focus handling). */
  rowElement(position: number): HTMLElement | undefined {
    return this.mounted.get(position);
  }

  rowId(position: number): string {
    return `${this.options.idPrefix}-${position}`;
  }

  /** Renders the rows the viewport needs, recycling the others. */
  render(): void {
    const h = this.options.rowHeight;
    const overscan = this.options.overscan ?? 8;
    const top = this.element.scrollTop;
    const first = Math.max(0, Math.floor(top / h) - overscan);
    const last = Math.min(this.count - 1, Math.ceil((top + this.viewportHeight()) / h) + overscan);
    for (const [position, row] of this.mounted) {
      if ((position < first || position > last) && position !== this.selected) this.recycle(position, row);
    }
    for (let position = first; position <= last; position++) this.mount(position);
    if (this.selected >= 0) this.mount(this.selected);
    if (this.selected >= 0) this.element.setAttribute('aria-activedescendant', this.rowId(this.selected));
    else this.element.removeAttribute('aria-activedescendant');
  }

  private mount(position: number): void {
    if (this.mounted.has(position)) return;
    const row = this.free.pop() ?? this.options.createRow();
    this.fill(row, position);
    this.mounted.set(position, row);
    this.canvas.appendChild(row);
  }

  private fill(row: HTMLElement, position: number): void {
    row.id = this.rowId(position);
    row.dataset['pos'] = String(position);
    row.setAttribute('role', 'option');
    row.setAttribute('aria-posinset', String(position + 1));
    row.setAttribute('aria-setsize', String(this.count));
    const selected = position === this.selected;
    row.setAttribute('aria-selected', selected ? 'true' : 'false');
    row.classList.toggle('is-selected', selected);
    row.style.transform = `translateY(${position * this.options.rowHeight}px)`;
    this.options.renderRow(row, position);
  }

  private recycle(position: number, row: HTMLElement): void {
    this.mounted.delete(position);
    row.remove();
    if (this.free.length < MAX_FREE_ROWS) this.free.push(row);
  }

  private viewportHeight(): number {
    const height = this.element.clientHeight;
    return height > 0 ? height : FALLBACK_VIEWPORT;
  }

  /** A resize keeps a revealed selection in view (the panel or the filter bar changed size). */
  private onResize(): void {
    const before = this.revealedIn;
    const h = this.options.rowHeight;
    const top = this.element.scrollTop;
    const rowTop = this.selected * h;
    if (this.selected >= 0 && before > 0 && rowTop >= top && rowTop + h <= top + before) this.scrollToPosition(this.selected);
    else this.render();
  }

  private readonly onScrollEvent = (): void => {
    this.render();
    this.options.onScroll?.(this.element.scrollTop);
  };

  private readonly onClick = (event: MouseEvent): void => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const row = target.closest<HTMLElement>('[data-pos]');
    if (row === null || !this.canvas.contains(row)) return;
    const position = Number(row.dataset['pos']);
    if (Number.isInteger(position)) this.options.onActivate(position);
  };
}
