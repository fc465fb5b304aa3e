import type { WebviewState } from '../src/core/protocol/review';
import type { BlindReview } from './blindReview';
import type { FacetPanel } from './facetPanel';
import { cleanSelection, sameSelection } from './facets';
import type { FilterBar } from './filterBar';
import { type FilterState, parseFilterState } from './filters';
import { isSortId, sortIsAutomatic } from './sorting';
import type { ReviewStore } from './store';
import type { VirtualList } from './virtualList';

export interface ListFilteringHost {
  readonly store: ReviewStore;
  readonly list: VirtualList;
  readonly filterBar: FilterBar;
  readonly facetPanel: FacetPanel;
  readonly blind: BlindReview;
  /** Asks the host which items match a query (rows without their own search text). */
  readonly search: (query: string) => void;
  /** The query changed: the detail's matches are marked again. */
  readonly queryChanged: () => void;
  readonly persistSoon: () => void;
  /** The filtered list changed: the detail follows when it no longer holds the selected item. */
  readonly listChanged: () => void;
}

/** The list's filter chip, query, facets and order: applied to the store, shown in the bar and the facet panel. */
export class ListFiltering {
  constructor(private readonly host: ListFilteringHost) {}

  /** A filter without what blind review must not offer (the automatic chips, facets and orders). */
  allowed(state: FilterState): FilterState {
    if (!this.host.blind.enabled) return state;
    return {
      ...state,
      filter: this.host.store.filterDefOf(state.filter).automatic ? 'all' : state.filter,
      facets: cleanSelection(state.facets, true),
      sort: state.sort !== undefined && sortIsAutomatic(state.sort) ? 'dataset' : state.sort,
    };
  }

  /** The filter saved with the panel, applied before the first rows are drawn. */
  restore(restored: WebviewState): void {
    const sort = restored.sort !== undefined && isSortId(restored.sort) ? restored.sort : 'dataset';
    this.host.store.setFilter(this.allowed({ ...parseFilterState(restored.filter), facets: restored.facets ?? {}, sort }));
    if (restored.facetsOpen === true) this.host.facetPanel.setOpen(true);
  }

  apply(state: FilterState): void {
    const { store, list } = this.host;
    const queryChanged = state.query !== store.filter.query;
    store.setFilter(this.allowed(state));
    this.host.filterBar.setState(store.filter);
    list.setCount(store.size);
    const position = store.selectedPosition;
    list.setSelected(position);
    if (position >= 0) list.scrollToPosition(position);
    else list.scrollTop = 0;
    this.updateCounts();
    if (queryChanged) this.host.queryChanged();
    if (queryChanged) this.searchOnHost();
    this.host.persistSoon();
    this.host.listChanged();
  }

  /** The current query needs the host's answer: ask for it. */
  searchOnHost(): void {
    const { store } = this.host;
    if (store.queryTerms.length > 0 && store.needsHostSearch) this.host.search(store.filter.query);
  }

  /** Blind review turned on or off: drops what it must not offer, and redraws the counts. */
  blindChanged(): void {
    const before = this.host.store.filter;
    const after = this.allowed(before);
    if (after.filter !== before.filter || after.sort !== before.sort || !sameSelection(after.facets ?? {}, before.facets ?? {}))
      this.apply(after);
    this.host.list.invalidate();
    this.updateCounts();
  }

  /** Redraws the list after the filtered rows changed without a new filter (a search answered). */
  refresh(): void {
    const { store, list } = this.host;
    list.setCount(store.size);
    list.setSelected(store.selectedPosition);
    this.updateCounts();
    this.host.listChanged();
  }

  updateCounts(): void {
    const { store } = this.host;
    this.host.filterBar.setCounts(store.counts, store.size, store.outdated, store.rows.length);
    this.host.facetPanel.update(store.facetCounts, store.facetValues, store.filter.facets ?? {}, this.host.blind.enabled);
  }
}
