import { el, icon, setText } from './dom';
import { FILTERS, type FilterCounts, type FilterDef, type FilterId, type FilterState } from './filters';
import { count } from './format';

export interface FilterBarOptions {
  readonly onChange: (state: FilterState) => void;
  readonly onReapply: () => void;
  /** Enter or Escape in the search field: back to the list. */
  readonly onLeaveSearch: () => void;
}

const SEARCH_DELAY_MS = 150;

/**
 * Filter chips with counts (one active at a time: toggle buttons), a text search over ids and labels, how
 * many rows show, and a hint when changed rows no longer match the filter.
 */
export class FilterBar {
  readonly element: HTMLElement;
  readonly search: HTMLElement & { value: string };
  private readonly options: FilterBarOptions;
  private readonly chips = new Map<FilterId, { button: HTMLButtonElement; count: HTMLElement }>();
  private readonly shown = el('span', { class: 'list-shown' });
  private readonly outdated: HTMLElement;
  private state: FilterState = { filter: 'all', query: '' };
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: FilterBarOptions) {
    this.options = options;
    const groups = (['review', 'auto'] as const).map((group) =>
      el('div', { class: `chip-group chip-group-${group}`, role: 'group', 'aria-label': group === 'review' ? 'Filter by review state' : 'Filter by automatic verdict' }, [
        group === 'auto' ? el('span', { class: 'chip-group-label', 'aria-hidden': 'true' }, 'judge') : null,
        ...FILTERS.filter((f) => f.group === group).map((f) => this.chip(f)),
      ]),
    );
    this.search = el('vscode-textfield', { class: 'search', type: 'search', placeholder: 'Search id or text  ( / )', label: 'Search items by id or text', 'aria-keyshortcuts': '/' }, [
      el('span', { slot: 'content-before', class: 'codicon codicon-search search-icon', 'aria-hidden': 'true' }),
    ]);
    this.search.addEventListener('input', this.onSearchInput);
    this.search.addEventListener('keydown', this.onSearchKeyDown);
    const reapply = el('button', { type: 'button', class: 'link-button' }, [icon('refresh'), el('span', {}, 'Re-apply')]);
    reapply.addEventListener('click', () => options.onReapply());
    this.outdated = el('span', { class: 'list-outdated', hidden: true }, [el('span', {}, 'Changed rows may no longer match.'), reapply]);
    this.element = el('div', { class: 'filter-bar' }, [this.search, ...groups, el('div', { class: 'list-status', role: 'status', 'aria-live': 'polite' }, [this.shown, this.outdated])]);
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
  }

  setState(state: FilterState): void {
    this.state = state;
    if (this.search.value !== state.query) this.search.value = state.query;
    for (const [id, chip] of this.chips) chip.button.setAttribute('aria-pressed', id === state.filter ? 'true' : 'false');
  }

  setCounts(counts: Readonly<FilterCounts>, shown: number, outdated: boolean): void {
    for (const f of FILTERS) {
      const chip = this.chips.get(f.id);
      if (chip === undefined) continue;
      const n = counts[f.id];
      setText(chip.count, count(n));
      chip.button.hidden = f.hideWhenEmpty && n === 0 && this.state.filter !== f.id;
      chip.button.setAttribute('aria-label', `${f.group === 'auto' ? 'Judge said ' : ''}${f.label}: ${count(n)} items`);
    }
    setText(this.shown, `${count(shown)} ${shown === 1 ? 'item' : 'items'} shown`);
    this.outdated.hidden = !outdated;
  }

  focusSearch(): void {
    this.search.focus();
    (this.search as HTMLElement & { wrappedElement?: HTMLInputElement }).wrappedElement?.focus();
  }

  private chip(def: FilterDef): HTMLButtonElement {
    const countEl = el('span', { class: 'chip-count' });
    const button = el('button', { type: 'button', class: `chip chip-${def.id.replace(':', '-')}`, 'aria-pressed': 'false', 'data-filter': def.id }, [
      icon(def.icon, 'chip-icon'),
      el('span', { class: 'chip-label' }, def.label),
      countEl,
    ]);
    button.addEventListener('click', () => {
      if (def.id === this.state.filter) this.options.onReapply();
      else this.options.onChange({ filter: def.id, query: this.state.query });
    });
    this.chips.set(def.id, { button, count: countEl });
    return button;
  }

  private readonly onSearchInput = (): void => {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const query = this.search.value;
      if (query !== this.state.query) this.options.onChange({ filter: this.state.filter, query });
    }, SEARCH_DELAY_MS);
  };

  private readonly onSearchKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (event.key === 'Escape' && this.search.value !== '') this.search.value = '';
    if (this.search.value !== this.state.query) this.options.onChange({ filter: this.state.filter, query: this.search.value });
    this.options.onLeaveSearch();
  };
}
