import type { HostMessage, InitMessage, ItemDetail, ItemRow, ScoreHeader, WebviewState } from '../src/core/protocol/review';
import type { Announcer } from '../webview-kit/announcer';
import type { MessageBar } from '../webview-kit/messageBar';
import type { DetailPresenter } from './detailPresenter';
import type { FacetPanel } from './facetPanel';
import type { FilterBar } from './filterBar';
import type { HeaderView } from './header';
import type { ListFiltering } from './listFiltering';
import type { PendingDecisions } from './pendingDecisions';
import { type Session, sessionOf } from './pageSession';
import { gradedScaleOf } from './gradedScale';
import { filterSetFor } from './levelFilters';
import type { SkippedLinesBar } from './skippedLinesBar';
import type { ReviewStore } from './store';
import type { VirtualList } from './virtualList';

/** The parts of the review panel that host messages change. */
export interface HostMessageTarget {
  readonly store: ReviewStore;
  readonly list: VirtualList;
  readonly header: HeaderView;
  readonly facetPanel: FacetPanel;
  readonly filterBar: FilterBar;
  readonly filtering: ListFiltering;
  readonly decisions: PendingDecisions;
  readonly detail: DetailPresenter;
  readonly messageBar: MessageBar;
  readonly skippedLines: SkippedLinesBar;
  readonly announcer: Announcer;
  session: Session | undefined;
  role: InitMessage['role'];
  /** The panel's blind toggle was used (persisted then; a change of the setting overrides it). */
  blindToggled: boolean;
  selectItem(id: string | null, options: { scroll: boolean; force?: boolean }): void;
  focusListIfIdle(): void;
  setBlindState(on: boolean): void;
  setBlind(on: boolean): void;
  applyLocalRows(rows: readonly ItemRow[]): void;
  persistSoon(): void;
  /** The selected item's detail was drawn. */
  itemShown(): void;
}

/** Every message from the host, applied to the panel: the run, rows as they arrive and change, details, answers to requests. */
export class HostMessages {
  private initialized = false;
  /** While rows are still arriving (rowChunk): where to scroll once they are all here, and an item to select when its row comes. */
  private loading: { scrollTop: number | null; selectId: string | null } | undefined;

  constructor(
    private readonly p: HostMessageTarget,
    /** The state saved with the panel: applied with the first init. */
    private readonly restored: WebviewState | undefined,
  ) {}

  handle(message: HostMessage): void {
    switch (message.type) {
      case 'init':
        this.onInit(message);
        return;
      case 'rows':
        if (message.run !== undefined && this.p.session !== undefined)
          this.p.header.setRun(message.run, this.p.session.view, this.p.session.annotator, this.p.role);
        this.onRows(message.rows, message.header);
        return;
      case 'item':
        this.onItem(message.detail);
        return;
      case 'saved':
        this.onSaved(message.itemId, message.requestId);
        return;
      case 'error':
        this.onError(message.message, message.requestId);
        return;
      case 'skippedLines':
        this.p.skippedLines.show(message.lines);
        return;
      case 'reviewOptions':
        this.p.blindToggled = false;
        this.p.setBlind(message.blind);
        this.p.persistSoon();
        return;
      case 'rowChunk':
        this.onRowChunk(message.rows, message.done);
        return;
      case 'searchResult':
        if (this.p.store.setHostMatches(message.query, message.ids)) this.p.filtering.refresh();
        return;
    }
  }

  private onInit(message: InitMessage): void {
    const first = !this.initialized;
    this.initialized = true;
    const session = sessionOf(message);
    this.p.session = session;
    this.p.role = message.role;
    this.p.header.setRun(message.run, session.view, message.annotator, message.role);
    this.p.facetPanel.setRun(session.view.facets, session.lang);
    this.p.filterBar.setAutoWho(session.autoWho);
    const filters = filterSetFor(gradedScaleOf(session.view.scale));
    this.p.store.setFilterSet(filters);
    this.p.filterBar.setFilters(filters);
    this.p.header.setScores(message.header);
    this.p.filterBar.setTakesVerdicts(message.header.verdicts !== false);
    this.p.facetPanel.setTakesVerdicts(message.header.verdicts !== false);
    const previous = this.p.store.selectedId;
    this.p.store.load(message.rows);
    this.p.decisions.reset();
    const restored = first ? this.restored : undefined;
    if (first) {
      this.p.blindToggled = restored?.blind !== undefined;
      this.p.setBlindState(restored?.blind ?? message.blind ?? false);
    }
    if (restored !== undefined) this.p.filtering.restore(restored);
    this.p.filterBar.setState(this.p.store.filter);
    this.p.list.setCount(this.p.store.size);
    this.p.filtering.updateCounts();
    if (restored !== undefined) this.p.list.scrollTop = restored.scrollTop;
    const candidates = [
      message.selectedItemId,
      restored?.itemId ?? null,
      previous,
      this.p.store.first()?.id ?? null,
      message.rows[0]?.id ?? null,
    ];
    const target = candidates.find((id): id is string => id !== null && this.p.store.getRow(id) !== undefined) ?? null;
    this.p.detail.forget();
    this.p.selectItem(target, { scroll: restored === undefined, force: true });
    const wanted = restored?.itemId ?? null;
    this.loading =
      (message.rowsToCome ?? 0) > 0
        ? { scrollTop: restored === undefined ? null : restored.scrollTop, selectId: wanted !== null && wanted !== target ? wanted : null }
        : undefined;
    this.p.filtering.searchOnHost();
    if (document.hasFocus()) this.p.focusListIfIdle();
  }

  /** More rows of the run: added in dataset order; the selection stays, and is kept in view. */
  private onRowChunk(rows: readonly ItemRow[], done: boolean): void {
    this.p.store.insertRows(rows);
    const loading = this.loading;
    if (loading?.selectId !== null && loading?.selectId !== undefined && this.p.store.getRow(loading.selectId) !== undefined) {
      this.p.selectItem(loading.selectId, { scroll: false });
      loading.selectId = null;
    }
    this.p.list.setCount(this.p.store.size);
    const position = this.p.store.selectedPosition;
    this.p.list.setSelected(position);
    if (loading !== undefined && loading.scrollTop === null && position >= 0) this.p.list.scrollToPosition(position);
    this.p.filtering.updateCounts();
    if (!done) return;
    if (loading !== undefined && loading.scrollTop !== null) this.p.list.scrollTop = loading.scrollTop;
    this.loading = undefined;
  }

  private onRows(rows: readonly ItemRow[], header: ScoreHeader): void {
    this.p.store.applyRows(rows);
    // Notes are searched on the host: ask again so that a changed note counts for the current query.
    if (rows.length > 0) this.p.filtering.searchOnHost();
    this.p.decisions.rowsArrived(rows);
    this.p.list.setCount(this.p.store.size);
    this.p.filtering.updateCounts();
    this.p.announcer.announce(this.p.header.setScores(header));
  }

  private onItem(detail: ItemDetail): void {
    if (detail.id !== this.p.store.selectedId) return; // an answer to an earlier selection
    this.p.detail.detail = detail;
    this.p.decisions.detailArrived(detail.id);
    this.p.detail.render();
    this.p.itemShown();
  }

  private onSaved(itemId: string, requestId: number): void {
    const { kind, confirmed } = this.p.decisions.saved(requestId, itemId);
    if (confirmed) this.p.detail.renderAdjudication();
    if (kind === 'undo') {
      this.p.announcer.announce('Undone');
      if (itemId !== this.p.store.selectedId && this.p.store.getRow(itemId) !== undefined) this.p.selectItem(itemId, { scroll: true });
    } else {
      this.p.announcer.announce('Saved');
    }
  }

  private onError(message: string, requestId: number | undefined): void {
    this.p.messageBar.show(message);
    if (requestId === undefined) return;
    const { row, reverted } = this.p.decisions.failed(requestId);
    if (row !== undefined) this.p.applyLocalRows([row]);
    if (reverted) this.p.detail.renderAdjudication();
  }
}
