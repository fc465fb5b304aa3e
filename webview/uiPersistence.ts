import type { WebviewState } from '../src/core/protocol/review';
import { formatFilterState } from './filters';
import type { ReviewStore } from './store';

/** What the page keeps across hide/show and reloads, besides the store's filter and selection. */
export interface PanelState {
  readonly runDir: string | undefined;
  readonly scrollTop: number;
  /** The blind toggle's state when the panel's toggle was used (it then overrides the setting). */
  readonly blind: boolean | undefined;
  readonly facetsOpen: boolean;
}

/** The state saved for a panel (WebviewState): the selection, the filter, the scroll position and toggles. */
export function uiState(store: ReviewStore, panel: PanelState): WebviewState {
  const filter = store.filter;
  return {
    itemId: store.selectedId,
    filter: formatFilterState(filter),
    scrollTop: Math.max(0, panel.scrollTop),
    ...(filter.facets !== undefined && Object.keys(filter.facets).length > 0
      ? { facets: Object.fromEntries(Object.entries(filter.facets).map(([k, v]) => [k, [...v]])) }
      : {}),
    ...(filter.sort !== undefined && filter.sort !== 'dataset' ? { sort: filter.sort } : {}),
    ...(panel.blind !== undefined ? { blind: panel.blind } : {}),
    ...(panel.facetsOpen ? { facetsOpen: true } : {}),
    ...(panel.runDir !== undefined ? { runDir: panel.runDir } : {}),
  };
}

/** Saves the panel's state at most every 200 ms (scrolling and typing ask many times). */
export class DebouncedSave {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly save: () => void) {}

  soon(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.save();
    }, 200);
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
  }
}
