import { el, icon, setText } from '../webview-kit/dom';
import { BINARY_FILTERS, type FilterCounts, type FilterDef, type FilterSet, type FilterState } from './filters';
import { count } from './format';
import { SORTS, type SortId, isSortId } from './sorting';

export interface FilterBarOptions {
  readonly onChange: (state: FilterState) => void;
  readonly onReapply: () => void;
  /** Enter or Escape in the search field: back to the list. */
  readonly onLeaveSearch: () => void;
  /** The facet panel's toggle, placed beside the order. */
  readonly facetToggle?: HTMLElement;
}

const SEARCH_DELAY_MS = 150;

/**
 * Filter chips with counts (one active at a time: toggle buttons), a text search over the items' texts, the
 * list's order, how many rows show, and a hint when changed rows no longer match the filter. In blind
 * review the chips and orders that reveal the automatic verdict are hidden.
 */
export class FilterBar {
  readonly element: HTMLElement;
  readonly search: HTMLElement & { value: string };
  private readonly options: FilterBarOptions;
  private readonly chips = new Map<string, { button: HTMLButtonElement; count: HTMLElement }>();
  private readonly groups = el('div', { class: 'chip-groups' });
  private set: FilterSet = BINARY_FILTERS;
  private readonly shown = el('span', { class: 'list-shown' });
  /** Says a search filters the list (a search restored with the panel is not seen in the field alone), with a way out. */
  private readonly searchOn = el('span', { class: 'list-search-on', hidden: true });
  private readonly outdated: HTMLElement;
  private readonly sort: HTMLSelectElement;
  private autoGroups: HTMLElement[] = [];
  private readonly autoLabel = el('span', { class: 'chip-group-label', 'aria-hidden': 'true' }, 'judge');
  private autoWho = 'judge';
  private state: FilterState = { filter: 'all', query: '' };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private blind = false;
  private takesVerdicts = true;

  constructor(options: FilterBarOptions) {
    this.options = options;
    this.buildChips();
    this.search = el(
      'vscode-textfield',
      {
        class: 'search',
        type: 'search',
        placeholder: 'Search question, answers, references, notes  ( / )',
        label: 'Search items by id or text',
        'aria-keyshortcuts': '/',
      },
      [el('span', { slot: 'content-before', class: 'codicon codicon-search search-icon', 'aria-hidden': 'true' })],
    );
    this.search.addEventListener('input', this.onSearchInput);
    this.search.addEventListener('keydown', this.onSearchKeyDown);
    const reapply = el('button', { type: 'button', class: 'link-button' }, [icon('refresh'), el('span', {}, 'Re-apply')]);
    reapply.addEventListener('click', () => options.onReapply());
    this.outdated = el('span', { class: 'list-outdated', hidden: true }, [el('span', {}, 'Changed rows may no longer match.'), reapply]);
    this.sort = el(
      'select',
      { class: 'sort-select', id: 'sort-select', 'aria-label': 'Order of the list' },
      SORTS.map((s) => el('option', { value: s.id }, s.label)),
    );
    this.sort.addEventListener('change', () => {
      const value = this.sort.value;
      if (isSortId(value)) this.options.onChange({ ...this.state, sort: value });
    });
    const tools = el('div', { class: 'list-tools' }, [
      options.facetToggle ?? null,
      el('label', { class: 'sort-label', for: 'sort-select' }, [icon('list-ordered'), el('span', {}, 'Sort')]),
      this.sort,
    ]);
    this.element = el('div', { class: 'filter-bar' }, [
      this.search,
      this.groups,
      tools,
      el('div', { class: 'list-status', role: 'status', 'aria-live': 'polite' }, [this.shown, this.searchOn, this.outdated]),
    ]);
  }

  /** The run's chips (a graded run's levels instead of true / false / null): the bar is drawn again. */
  setFilters(set: FilterSet): void {
    if (set === this.set) return;
    this.set = set;
    this.buildChips();
    this.setAutoWho(this.autoWho);
    this.setBlind(this.blind);
    this.setState(this.state);
  }

  private buildChips(): void {
    this.chips.clear();
    const labels: Record<FilterDef['group'], string> = {
      review: 'Filter by review state',
      auto: 'Filter by automatic verdict',
      'judge-level': 'Filter by the judge’s level',
      'human-level': 'Filter by the final human level',
    };
    const groups = (['review', 'auto', 'judge-level', 'human-level'] as const)
      .map((group) => ({ group, defs: this.set.defs.filter((f) => f.group === group) }))
      .filter(({ group, defs }) => defs.length > 0 || group === 'review')
      .map(({ group, defs }) =>
        el('div', { class: `chip-group chip-group-${group}`, role: 'group', 'aria-label': labels[group] }, [
          group === 'auto'
            ? this.autoLabel
            : group === 'review'
              ? null
              : el('span', { class: 'chip-group-label', 'aria-hidden': 'true' }, group === 'judge-level' ? 'judge' : 'human'),
          ...defs.map((f) => this.chip(f)),
        ]),
      );
    this.autoGroups = groups.filter((g) => g.classList.contains('chip-group-auto') || g.classList.contains('chip-group-judge-level'));
    this.groups.replaceChildren(...groups);
  }

  /** Who gives the automatic verdict: "judge", or Kalahi's primary metric ("chrF"). */
  setAutoWho(who: string): void {
    this.autoWho = who;
    setText(this.autoLabel, who);
    const chip = this.chips.get('disagreement');
    const label = chip?.button.querySelector('.chip-label');
    if (label) setText(label, `${who === 'judge' ? 'Judge' : who} ≠ human`);
  }

  /** Items that take no verdict (flags and notes only): no chip of verdicts (automatic, or human against it). */
  setTakesVerdicts(takes: boolean): void {
    this.takesVerdicts = takes;
    const byVerdict = Array.from(this.sort.options).find((o) => o.value === 'verdict');
    if (byVerdict !== undefined) byVerdict.hidden = !takes;
  }

  /** Blind review hides what reveals the automatic verdict: the judge's chips, the disagreement chip, the score orders. */
  setBlind(blind: boolean): void {
    this.blind = blind;
    for (const group of this.autoGroups) group.hidden = blind;
    for (const option of Array.from(this.sort.options)) {
      const def = SORTS.find((s) => s.id === option.value);
      option.disabled = blind && def?.automatic === true;
    }
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
  }

  setState(state: FilterState): void {
    this.state = state;
    if (this.search.value !== state.query) this.search.value = state.query;
    for (const [id, chip] of this.chips) chip.button.setAttribute('aria-pressed', id === state.filter ? 'true' : 'false');
    const sort: SortId = state.sort ?? 'dataset';
    if (this.sort.value !== sort) this.sort.value = sort;
  }

  /** `total`: the run's rows, whatever filters them. */
  setCounts(counts: Readonly<FilterCounts>, shown: number, outdated: boolean, total = shown): void {
    for (const f of this.set.defs) {
      const chip = this.chips.get(f.id);
      if (chip === undefined) continue;
      const n = counts[f.id] ?? 0;
      setText(chip.count, count(n));
      chip.button.hidden =
        (f.hideWhenEmpty && n === 0 && this.state.filter !== f.id) ||
        (this.blind && f.automatic) ||
        (!this.takesVerdicts && f.verdict === true);
      const label = f.id === 'disagreement' ? `${this.autoWho === 'judge' ? 'Judge' : this.autoWho} ≠ human` : f.label;
      const said = f.group === 'auto' ? `${this.autoWho === 'judge' ? 'Judge' : this.autoWho} said ` : '';
      const spoken = `${said}${f.title ?? label}: ${count(n)} items`;
      chip.button.setAttribute('aria-label', spoken);
      // A narrow list shows the chips' icons and counts only: the tooltip names them.
      chip.button.title = spoken;
    }
    // A group left without a chip (errors and missing results shown only when there are some) goes too.
    for (const group of this.autoGroups) {
      group.hidden = this.blind || Array.from(group.querySelectorAll<HTMLButtonElement>('button.chip')).every((b) => b.hidden);
    }
    const filtered =
      this.state.filter !== 'all' || this.state.query !== '' || Object.values(this.state.facets ?? {}).some((v) => v.length > 0);
    setText(this.shown, `${count(shown)} ${shown === 1 ? 'item' : 'items'} shown${filtered ? ` (of ${count(total)})` : ''}`);
    this.showSearch(this.state.query);
    this.outdated.hidden = !outdated;
  }

  private showSearch(query: string): void {
    this.searchOn.hidden = query === '';
    if (query === '' || this.searchOn.dataset['query'] === query) return;
    this.searchOn.dataset['query'] = query;
    const clear = el('button', { type: 'button', class: 'link-button', title: 'Clear the search' }, [
      icon('close'),
      el('span', {}, 'Clear'),
    ]);
    clear.addEventListener('click', () => {
      this.clearSearchText();
      this.options.onChange({ ...this.state, query: '' });
    });
    this.searchOn.replaceChildren(icon('search'), el('span', { class: 'list-search-text' }, `search “${query}”`), clear);
  }

  /** Empties the field itself too: the web component's inner input may keep what was typed. */
  private clearSearchText(): void {
    this.search.value = '';
    const inner = (this.search as HTMLElement & { wrappedElement?: HTMLInputElement }).wrappedElement;
    if (inner !== undefined && inner.value !== '') inner.value = '';
  }

  focusSearch(): void {
    this.search.focus();
    (this.search as HTMLElement & { wrappedElement?: HTMLInputElement }).wrappedElement?.focus();
  }

  private chip(def: FilterDef): HTMLButtonElement {
    const countEl = el('span', { class: 'chip-count' });
    const button = el(
      'button',
      {
        type: 'button',
        class: `chip chip-${def.id.replace(/[^A-Za-z0-9-]/g, '-')}`,
        'aria-pressed': 'false',
        'data-filter': def.id,
        title: def.title,
      },
      [icon(def.icon, 'chip-icon'), el('span', { class: 'chip-label' }, def.label), countEl],
    );
    button.addEventListener('click', () => {
      if (def.id === this.state.filter) this.options.onReapply();
      else this.options.onChange({ ...this.state, filter: def.id });
    });
    this.chips.set(def.id, { button, count: countEl });
    return button;
  }

  private readonly onSearchInput = (): void => {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const query = this.search.value;
      if (query !== this.state.query) this.options.onChange({ ...this.state, query });
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
    if (event.key === 'Escape') this.clearSearchText();
    if (this.search.value !== this.state.query) this.options.onChange({ ...this.state, query: this.search.value });
    this.options.onLeaveSearch();
  };
}
