import type { AdjudicationView } from './adjudicationView';
import type { DetailPresenter } from './detailPresenter';
import type { ReviewStore } from './store';

export interface FilterFollowHost {
  readonly store: ReviewStore;
  readonly detail: DetailPresenter;
  readonly adjudication: AdjudicationView;
  readonly select: (id: string | null) => void;
}

/**
 * The detail shows an item of the filtered list: when the filter or the search hides the selected item, the
 * first item it leaves; a notice when it leaves none (the selection is kept, and shown again when a later
 * filter brings it back).
 */
export class FilterFollow {
  private hidden = false;

  constructor(private readonly host: FilterFollowHost) {}

  /** The filtered list changed (a filter, a search, the host's answer to one). */
  listChanged(): void {
    const { store, detail, adjudication } = this.host;
    const selected = store.selectedId;
    if (store.searchPending) return;
    if (store.selectedPosition >= 0) {
      if (this.hidden && detail.detail === undefined) this.host.select(selected);
      this.hidden = false;
      return;
    }
    const first = store.first();
    if (first !== undefined) {
      this.hidden = false;
      this.host.select(first.id);
      return;
    }
    if (selected === null) return;
    this.hidden = true;
    // Forgotten, not only hidden: the same item's detail, when it comes back, is drawn again.
    detail.forget();
    detail.view.showEmpty('No item matches the filter or the search.');
    adjudication.showLoading();
  }
}
