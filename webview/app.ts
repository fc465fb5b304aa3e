import {
  type CategoryId,
  type Decision,
  type HostMessage,
  HostMessageSchema,
  type InitMessage,
  type ItemDetail,
  type ItemRow,
  type ReviewView,
  type WebviewMessage,
  WebviewMessageSchema,
  type WebviewState,
  WebviewStateSchema,
} from '../src/protocol';
import { asReferencesDetail } from '../src/protocolDetails';
import { isReviewed, recordsSomething } from '../src/core/adjudication/reviewed';
import { AdjudicationView } from './adjudicationView';
import { Announcer } from '../webview-kit/announcer';
import { BlindReview } from './blindReview';
import './components';
import { currentCompare, currentMeasure } from './detailReferences';
import { el } from '../webview-kit/dom';
import { FacetPanel } from './facetPanel';
import { cleanSelection, sameSelection } from './facets';
import { FilterBar } from './filterBar';
import { type FilterState, filterDef, formatFilterState, parseFilterState } from './filters';
import { type Category, FlagChooser } from './flagChooser';
import { HeaderView } from './header';
import { HelpOverlay } from './helpOverlay';
import { clearMarks, markRanges } from './highlight';
import { ItemDetailView, type ReferencesViewState } from './itemDetailView';
import { referenceKeys, referenceName } from './referenceTexts';
import { measuresOf, metricLabel } from './referenceScores';
import { type KeyActions, dispatchKey } from './keyboard';
import { MessageBar } from '../webview-kit/messageBar';
import { SkippedLinesBar } from './skippedLinesBar';
import { ROW_HEIGHT, type RowLook, createRowElement, fillRow } from './rowView';
import { isSortId, sortIsAutomatic } from './sorting';
import { ReviewStore } from './store';
import { findTermRanges } from './textSearch';
import { VirtualList } from './virtualList';
import { WebviewChannel } from '../webview-kit/channel';
import { type VsCodeApiLike } from '../webview-kit/vscodeApi';

export interface ReviewApp {
  readonly store: ReviewStore;
  readonly list: VirtualList;
  /** Removes every listener and the panel's DOM. */
  dispose(): void;
}

interface Session {
  readonly runDir: string;
  readonly annotator: string;
  readonly categories: readonly Category[];
  readonly lang: string;
  readonly view: ReviewView;
  /** Who gives the automatic verdict in the list: "judge", or the run's primary metric. */
  readonly autoWho: string;
}

interface Pending {
  readonly itemId: string;
  readonly kind: 'adjudicate' | 'undo';
}

/** The view of a run when the host sent none: its benchmark's id as the title, no data facets. */
function plainView(run: InitMessage['run']): ReviewView {
  return { title: run.benchmark, showTask: true, language: '', automatic: 'judge', facets: [] };
}

function mineOf(decision: Decision): ItemRow['mine'] {
  if (!recordsSomething(decision)) return 'none';
  if (decision.verdict === undefined) return 'skipped';
  return decision.verdict === null ? 'null' : decision.verdict ? 'true' : 'false';
}

/** The detail's content that the panes show (not the adjudication state), to skip needless redraws. */
function contentKey(detail: ItemDetail): string {
  const adjudicationKeys = new Set(['annotators', 'mine', 'final', 'conflict', 'canUndo']);
  return JSON.stringify(Object.entries(detail).filter(([key]) => !adjudicationKeys.has(key)));
}

/** Wires the store and the views to the host: every message in, every user action out. */
class ReviewController implements ReviewApp {
  readonly store = new ReviewStore();
  readonly list: VirtualList;
  private readonly root: HTMLElement;
  private readonly channel: WebviewChannel<HostMessage, WebviewMessage, WebviewState>;
  private readonly header: HeaderView;
  private readonly messageBar = new MessageBar();
  private readonly skippedLines = new SkippedLinesBar();
  private readonly filterBar: FilterBar;
  private readonly facetPanel: FacetPanel;
  private readonly blind = new BlindReview();
  private referencesState: ReferencesViewState = { measure: null, compare: null };
  /** The reviewer unfolded the English gloss: it stays unfolded for the next items. */
  private glossOpen = false;
  private role: InitMessage['role'] = 'annotator';
  /** The panel's blind toggle was used (persisted then; a change of the setting overrides it). */
  private blindToggled = false;
  private readonly detailView = new ItemDetailView();
  private readonly detailScroll: HTMLElement;
  private readonly adjudication: AdjudicationView;
  private readonly flagChooser: FlagChooser;
  private readonly help: HelpOverlay;
  private readonly announcer = new Announcer();
  private readonly body: HTMLElement;
  private session: Session | undefined;
  private restored: WebviewState | undefined;
  private initialized = false;
  private detail: ItemDetail | undefined;
  private shownContent: { id: string; key: string } | undefined;
  private optimistic: { itemId: string; decision: Decision } | undefined;
  private readonly rowsBefore = new Map<string, ItemRow>();
  private readonly pending = new Map<number, Pending>();
  private nextRequestId = 1;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private flagReturnFocus: HTMLElement | null = null;
  /** While rows are still arriving (rowChunk): where to scroll once they are all here, and an item to select when its row comes. */
  private loading: { scrollTop: number | null; selectId: string | null } | undefined;

  constructor(root: HTMLElement, api: VsCodeApiLike) {
    this.root = root;
    this.channel = new WebviewChannel(api, 'review', { incoming: HostMessageSchema, outgoing: WebviewMessageSchema, state: WebviewStateSchema });
    this.restored = this.channel.restoreState();
    this.header = new HeaderView({
      onRefresh: () => this.channel.post({ type: 'command', command: 'refresh' }),
      onExport: () => this.channel.post({ type: 'command', command: 'export' }),
      onHelp: () => this.openHelp(),
      onBlind: () => this.toggleBlind(),
      onGuidelines: () => this.channel.post({ type: 'command', command: 'guidelines' }),
      onJudgePrompt: () => this.channel.post({ type: 'command', command: 'judgePrompt' }),
    });
    this.facetPanel = new FacetPanel({
      onChange: (facets) => this.applyFilter({ ...this.store.filter, facets }),
    });
    this.facetPanel.toggle.addEventListener('click', () => this.persistSoon());
    this.filterBar = new FilterBar({
      onChange: (state) => this.applyFilter(state),
      onReapply: () => this.applyFilter(this.store.filter),
      onLeaveSearch: () => this.list.element.focus(),
      facetToggle: this.facetPanel.toggle,
    });
    this.list = new VirtualList({
      rowHeight: ROW_HEIGHT,
      label: 'Items',
      idPrefix: 'item-row',
      createRow: createRowElement,
      renderRow: (element, position) => fillRow(element, this.store.rowAt(position), this.rowLook),
      onActivate: (position) => {
        const row = this.store.rowAt(position);
        if (row !== undefined) this.selectItem(row.id, { scroll: true });
      },
      onScroll: () => this.persistSoon(),
    });
    this.adjudication = new AdjudicationView({
      setVerdict: (verdict) => this.decide({ verdict }),
      openFlagChooser: () => this.openFlagChooser(),
      saveNote: (note) => this.decide({ note }),
      leaveNote: () => this.list.element.focus(),
      undo: () => this.undo(),
    });
    this.flagChooser = new FlagChooser({
      onPick: (category) => this.decide({ hallucination: category }),
      onClose: () => {
        const back = this.flagReturnFocus;
        this.flagReturnFocus = null;
        (back !== null && back.isConnected ? back : this.list.element).focus();
      },
    });
    this.adjudication.flagAnchor.append(this.flagChooser.element);
    this.help = new HelpOverlay({ onClose: () => this.setInert(false) });
    this.detailScroll = el('div', { class: 'detail-scroll', role: 'region', 'aria-label': 'Item and model output', tabindex: -1 }, [this.detailView.element]);
    this.body = el('div', { class: 'review-body' }, [
      el('section', { class: 'list-panel', 'aria-label': 'Item list' }, [this.filterBar.element, this.facetPanel.element, this.list.element]),
      el('div', { class: 'detail-panel' }, [this.detailScroll, this.adjudication.element]),
    ]);
    root.classList.add('review-app');
    root.replaceChildren(this.header.element, this.messageBar.element, this.skippedLines.element, this.body, this.announcer.element, this.help.element);
    this.detailView.showEmpty('Loading the run…');
    this.channel.listen(
      (message) => this.handle(message),
      (problem) => console.warn('review: ignoring a host message that fails the protocol:', problem),
    );
    window.addEventListener('keydown', this.onKeyDown);
    this.channel.post({ type: 'ready' });
  }

  dispose(): void {
    this.channel.dispose();
    window.removeEventListener('keydown', this.onKeyDown);
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.list.dispose();
    this.filterBar.dispose();
    this.root.replaceChildren();
  }

  // Host messages

  private handle(message: HostMessage): void {
    switch (message.type) {
      case 'init':
        this.onInit(message);
        return;
      case 'rows':
        if (message.run !== undefined && this.session !== undefined) this.header.setRun(message.run, this.session.view, this.session.annotator, this.role);
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
        this.skippedLines.show(message.lines);
        return;
      case 'reviewOptions':
        this.blindToggled = false;
        this.setBlind(message.blind);
        this.persistSoon();
        return;
      case 'rowChunk':
        this.onRowChunk(message.rows, message.done);
        return;
      case 'searchResult':
        if (this.store.setHostMatches(message.query, message.ids)) this.refreshList();
        return;
    }
  }

  private onInit(message: InitMessage): void {
    const view = message.view ?? plainView(message.run);
    const first = !this.initialized;
    this.initialized = true;
    this.session = {
      runDir: message.run.runDir,
      annotator: message.annotator,
      categories: message.categories,
      lang: view.language,
      view,
      autoWho: view.automatic === 'judge' ? 'judge' : message.run.primaryMetric ? metricLabel(message.run.primaryMetric) : 'MC',
    };
    this.role = message.role;
    this.header.setRun(message.run, view, message.annotator, message.role);
    this.facetPanel.setRun(view.facets, view.language);
    this.filterBar.setAutoWho(this.session.autoWho);
    this.header.setScores(message.header);
    const previous = this.store.selectedId;
    this.store.load(message.rows);
    this.pending.clear();
    this.rowsBefore.clear();
    this.optimistic = undefined;
    const restored = first ? this.restored : undefined;
    if (first) {
      this.blindToggled = restored?.blind !== undefined;
      this.setBlindState(restored?.blind ?? message.blind ?? false);
    }
    if (restored !== undefined) {
      const sort = restored.sort !== undefined && isSortId(restored.sort) ? restored.sort : 'dataset';
      this.store.setFilter(this.allowed({ ...parseFilterState(restored.filter), facets: restored.facets ?? {}, sort }));
      if (restored.facetsOpen === true) this.facetPanel.setOpen(true);
    }
    this.filterBar.setState(this.store.filter);
    this.list.setCount(this.store.size);
    this.updateCounts();
    if (restored !== undefined) this.list.scrollTop = restored.scrollTop;
    const candidates = [message.selectedItemId, restored?.itemId ?? null, previous, this.store.first()?.id ?? null, message.rows[0]?.id ?? null];
    const target = candidates.find((id): id is string => id !== null && this.store.getRow(id) !== undefined) ?? null;
    this.detail = undefined;
    this.shownContent = undefined;
    this.selectItem(target, { scroll: restored === undefined, force: true });
    const wanted = restored?.itemId ?? null;
    this.loading =
      (message.rowsToCome ?? 0) > 0 ? { scrollTop: restored === undefined ? null : restored.scrollTop, selectId: wanted !== null && wanted !== target ? wanted : null } : undefined;
    if (this.store.queryTerms.length > 0 && this.store.needsHostSearch) this.channel.post({ type: 'search', query: this.store.filter.query });
    if (document.activeElement === null || document.activeElement === document.body) this.list.element.focus();
  }

  /** More rows of the run: added in dataset order; the selection stays, and is kept in view. */
  private onRowChunk(rows: readonly ItemRow[], done: boolean): void {
    this.store.insertRows(rows);
    const loading = this.loading;
    if (loading?.selectId !== null && loading?.selectId !== undefined && this.store.getRow(loading.selectId) !== undefined) {
      this.selectItem(loading.selectId, { scroll: false });
      loading.selectId = null;
    }
    this.list.setCount(this.store.size);
    const position = this.store.selectedPosition;
    this.list.setSelected(position);
    if (loading !== undefined && loading.scrollTop === null && position >= 0) this.list.scrollToPosition(position);
    this.updateCounts();
    if (!done) return;
    if (loading !== undefined && loading.scrollTop !== null) this.list.scrollTop = loading.scrollTop;
    this.loading = undefined;
  }

  /** Redraws the list after the filtered rows changed without a new filter (a search answered). */
  private refreshList(): void {
    this.list.setCount(this.store.size);
    this.list.setSelected(this.store.selectedPosition);
    this.updateCounts();
  }

  private onRows(rows: readonly ItemRow[], header: Parameters<HeaderView['setScores']>[0]): void {
    this.store.applyRows(rows);
    // Notes are searched on the host: ask again so that a changed note counts for the current query.
    if (rows.length > 0 && this.store.queryTerms.length > 0 && this.store.needsHostSearch) this.channel.post({ type: 'search', query: this.store.filter.query });
    for (const row of rows) if (!this.hasPending(row.id)) this.rowsBefore.delete(row.id);
    this.list.setCount(this.store.size);
    this.updateCounts();
    this.announcer.announce(this.header.setScores(header));
  }

  private onItem(detail: ItemDetail): void {
    if (detail.id !== this.store.selectedId) return; // an answer to an earlier selection
    this.detail = detail;
    if (this.optimistic?.itemId === detail.id && !this.hasPending(detail.id)) this.optimistic = undefined;
    this.renderDetail();
  }

  private onSaved(itemId: string, requestId: number): void {
    const pending = this.pending.get(requestId);
    this.pending.delete(requestId);
    if (!this.hasPending(itemId)) {
      this.rowsBefore.delete(itemId);
      if (this.optimistic?.itemId === itemId) {
        this.optimistic = undefined;
        this.renderAdjudication();
      }
    }
    if (pending?.kind === 'undo') {
      this.announcer.announce('Undone');
      if (itemId !== this.store.selectedId && this.store.getRow(itemId) !== undefined) this.selectItem(itemId, { scroll: true });
    } else {
      this.announcer.announce('Saved');
    }
  }

  private onError(message: string, requestId: number | undefined): void {
    this.messageBar.show(message);
    if (requestId === undefined) return;
    const pending = this.pending.get(requestId);
    this.pending.delete(requestId);
    if (pending === undefined || this.hasPending(pending.itemId)) return;
    const before = this.rowsBefore.get(pending.itemId);
    this.rowsBefore.delete(pending.itemId);
    if (before !== undefined) this.onRowsLocal([before]);
    if (this.optimistic?.itemId === pending.itemId) {
      this.optimistic = undefined;
      this.renderAdjudication();
    }
  }

  // Selection and navigation

  private selectItem(id: string | null, options: { scroll: boolean; force?: boolean }): void {
    if (this.flagChooser.isOpen) this.flagChooser.close();
    if (id !== this.store.selectedId && this.adjudication.noteDirty) this.decide({ note: this.adjudication.noteValue });
    const changed = id !== this.store.selectedId;
    if (changed) this.referencesState = { ...this.referencesState, compare: null };
    this.store.select(id);
    const position = this.store.selectedPosition;
    this.list.setSelected(position);
    if (options.scroll && position >= 0) this.list.scrollToPosition(position);
    this.persistSoon();
    if (id === null) {
      this.detail = undefined;
      this.detailView.showEmpty(this.store.rows.length === 0 ? 'This run has no items yet.' : 'No item selected.');
      this.adjudication.showLoading();
      return;
    }
    if (!changed && options.force !== true) return;
    if (this.detail?.id !== id) {
      this.detail = undefined;
      this.detailView.showLoading();
      this.adjudication.showLoading();
    }
    this.channel.post({ type: 'select', itemId: id });
  }

  private moveTo(row: ItemRow | undefined): void {
    if (row !== undefined) this.selectItem(row.id, { scroll: true });
  }

  private pageSize(): number {
    const height = this.list.element.clientHeight;
    return Math.max(1, Math.floor((height > 0 ? height : 720) / ROW_HEIGHT) - 1);
  }

  private readonly keyActions: KeyActions = {
    next: () => this.moveTo(this.store.step(1)),
    previous: () => this.moveTo(this.store.step(-1)),
    first: () => this.moveTo(this.store.first()),
    last: () => this.moveTo(this.store.last()),
    pageDown: () => this.moveTo(this.store.step(this.pageSize())),
    pageUp: () => this.moveTo(this.store.step(-this.pageSize())),
    nextUndecided: () => {
      const next = this.store.nextUndecided();
      if (next === undefined) {
        this.announcer.announce('Every item in the list has a decision of yours.');
        return;
      }
      this.moveTo(next.row);
      if (next.wrapped) this.announcer.announce('Wrapped to the top of the list.');
    },
    verdict: (verdict) => this.decide({ verdict }),
    skip: () => this.decide({ verdict: undefined }),
    flag: () => this.openFlagChooser(),
    note: () => {
      if (this.adjudication.isReady) this.adjudication.focusNote();
      else this.announcer.announce('The item is still loading.');
    },
    undo: () => this.undo(),
    help: () => this.openHelp(),
    search: () => this.filterBar.focusSearch(),
    blind: () => this.toggleBlind(),
    guidelines: () => this.channel.post({ type: 'command', command: 'guidelines' }),
    judgePrompt: () => this.channel.post({ type: 'command', command: 'judgePrompt' }),
    measure: (delta) => this.cycleMeasure(delta),
    compare: (delta) => this.cycleCompare(delta),
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (this.help.isOpen || this.flagChooser.isOpen) return;
    const active = document.activeElement;
    const inList = active === null || active === document.body || active === this.list.element || active === this.root;
    dispatchKey(event, this.keyActions, inList);
  };

  // Decisions

  /** The decision shown for the selected item: an unconfirmed one while a save is in flight. */
  private currentDecision(): Decision | null {
    if (this.detail === undefined) return null;
    if (this.optimistic?.itemId === this.detail.id) return this.optimistic.decision;
    return this.detail.mine;
  }

  /**
   * Sends this annotator's full state for the selected item with one part changed: a verdict (undefined:
   * no decision), a flag, or a note. The rest is kept: the verdict, the flag, and the note as typed.
   */
  private decide(change: { verdict?: boolean | null; hallucination?: CategoryId | null; note?: string }): void {
    const detail = this.detail;
    if (detail === undefined || detail.id !== this.store.selectedId || !this.adjudication.isReady) {
      this.announcer.announce('The item is still loading.');
      return;
    }
    if ('verdict' in change && !this.isDecidable(detail)) {
      this.announcer.announce('Multiple-choice items take flags and notes only.');
      return;
    }
    const hiddenNow = this.detailHidden();
    const base = this.currentDecision();
    const verdict = 'verdict' in change ? change.verdict : base?.verdict;
    const decision: Decision = {
      ...(verdict !== undefined ? { verdict } : {}),
      hallucination: 'hallucination' in change ? (change.hallucination ?? null) : (base?.hallucination ?? null),
      note: change.note ?? this.adjudication.noteValue,
    };
    const requestId = this.nextRequestId++;
    this.pending.set(requestId, { itemId: detail.id, kind: 'adjudicate' });
    this.optimistic = { itemId: detail.id, decision };
    const blind = this.session !== undefined && this.blind.flagFor(detail, this.session.annotator, hiddenNow, 'verdict' in change);
    this.channel.post({ type: 'adjudicate', requestId, itemId: detail.id, decision, blind });
    const row = this.store.getRow(detail.id);
    if (row !== undefined) {
      if (!this.rowsBefore.has(row.id)) this.rowsBefore.set(row.id, row);
      this.onRowsLocal([{ ...row, mine: mineOf(decision), reviewed: this.reviewedWith(detail, decision) }]);
    }
    if (hiddenNow !== this.detailHidden()) this.renderDetail();
    else this.renderAdjudication();
    this.announcer.announce(this.describeChange(change, decision));
  }

  /** Whether the item counts as reviewed once this annotator's decision is saved (the host's rule). */
  private reviewedWith(detail: ItemDetail, decision: Decision): boolean {
    const me = this.session?.annotator;
    const others = detail.annotators.filter((a) => a.annotator !== me).map((a) => ({ stale: a.stale, state: a.decision }));
    return isReviewed([...others, { stale: false, state: decision }]);
  }

  private describeChange(change: { verdict?: boolean | null; hallucination?: CategoryId | null; note?: string }, decision: Decision): string {
    if ('verdict' in change) return decision.verdict === undefined ? 'No decision recorded' : `Verdict ${String(decision.verdict)}`;
    if ('hallucination' in change) {
      const label = this.session?.categories.find((c) => c.id === decision.hallucination)?.label;
      return decision.hallucination === null ? 'Flag cleared' : `Flagged: ${label ?? decision.hallucination}`;
    }
    return 'Note saved';
  }

  private undo(): void {
    if (this.detail !== undefined && !this.detail.canUndo && this.pending.size === 0) {
      this.announcer.announce('Nothing to undo.');
      return;
    }
    const requestId = this.nextRequestId++;
    this.pending.set(requestId, { itemId: this.store.selectedId ?? '', kind: 'undo' });
    this.channel.post({ type: 'undo', requestId });
  }

  private openFlagChooser(): void {
    if (!this.adjudication.isReady || this.session === undefined) {
      this.announcer.announce('The item is still loading.');
      return;
    }
    this.flagReturnFocus = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    this.flagChooser.open(this.session.categories, this.currentDecision()?.hallucination ?? null, this.adjudication.flagAnchor);
  }

  private hasPending(itemId: string): boolean {
    for (const p of this.pending.values()) if (p.itemId === itemId && p.kind === 'adjudicate') return true;
    return false;
  }

  /** Applies rows changed here (optimistic, or restored after an error) like the host's. */
  private onRowsLocal(rows: readonly ItemRow[]): void {
    this.store.applyRows(rows);
    this.list.setCount(this.store.size);
    this.updateCounts();
  }

  // Rendering

  private renderDetail(): void {
    const detail = this.detail;
    if (detail === undefined || this.session === undefined) return;
    const hidden = this.detailHidden();
    const seen = hidden && this.blind.wasShown(detail.id);
    const key = `${contentKey(detail)}|${String(hidden)}|${String(seen)}|${this.referencesState.measure ?? ''}|${this.referencesState.compare ?? ''}`;
    if (this.shownContent?.id !== detail.id || this.shownContent.key !== key) {
      const sameItem = this.shownContent?.id === detail.id;
      const scrollTop = this.detailScroll.scrollTop;
      const active = document.activeElement;
      const focusKey = active instanceof HTMLElement && this.detailScroll.contains(active) ? active.dataset['focusKey'] : undefined;
      this.detailView.show(detail, {
        lang: this.session.lang,
        index: this.store.getRow(detail.id)?.index,
        openLink: (url) => this.channel.post({ type: 'openLink', url }),
        hideAutomatic: hidden,
        verdictSeen: seen,
        references: this.referencesState,
        onReferencesChange: (change) => this.changeReferences(change),
        glossOpen: this.glossOpen,
        onGlossToggle: (open) => (this.glossOpen = open),
      });
      if (!hidden) this.blind.shown(detail.id);
      this.highlightSearch();
      this.detailScroll.scrollTop = sameItem ? scrollTop : 0;
      if (focusKey !== undefined) Array.from(this.detailScroll.querySelectorAll<HTMLElement>('[data-focus-key]')).find((e) => e.dataset['focusKey'] === focusKey)?.focus();
      this.shownContent = { id: detail.id, key };
    } else {
      this.detailView.doneLoading();
    }
    this.renderAdjudication();
  }

  private renderAdjudication(): void {
    const detail = this.detail;
    if (detail === undefined || this.session === undefined) return;
    this.adjudication.show(detail, this.currentDecision(), { annotator: this.session.annotator, categories: this.session.categories, decidable: this.isDecidable(detail) });
  }

  /** Marks the query's matches in the detail's texts (question, choices, answer, references). */
  private highlightSearch(): void {
    const terms = this.store.queryTerms;
    for (const element of Array.from(this.detailView.element.querySelectorAll<HTMLElement>('.searchable'))) {
      clearMarks(element, 'search-hit');
      if (terms.length > 0) markRanges(element, (text) => findTermRanges(text, terms), 'search-hit');
      // A match inside the folded gloss is shown, not hidden.
      const gloss = element.closest('details.gloss');
      if (gloss !== null && element.querySelector('mark.search-hit') !== null) gloss.setAttribute('open', '');
    }
  }

  private updateCounts(): void {
    this.filterBar.setCounts(this.store.counts, this.store.size, this.store.outdated);
    this.facetPanel.update(this.store.facetCounts, this.store.facetValues, this.store.filter.facets ?? {}, this.blind.enabled);
  }

  /** A filter without what blind review must not offer (the automatic chips, facets and orders). */
  private allowed(state: FilterState): FilterState {
    if (!this.blind.enabled) return state;
    return {
      ...state,
      filter: filterDef(state.filter).automatic ? 'all' : state.filter,
      facets: cleanSelection(state.facets, true),
      sort: state.sort !== undefined && sortIsAutomatic(state.sort) ? 'dataset' : state.sort,
    };
  }

  private applyFilter(state: FilterState): void {
    const queryChanged = state.query !== this.store.filter.query;
    this.store.setFilter(this.allowed(state));
    this.filterBar.setState(this.store.filter);
    this.list.setCount(this.store.size);
    const position = this.store.selectedPosition;
    this.list.setSelected(position);
    if (position >= 0) this.list.scrollToPosition(position);
    else this.list.scrollTop = 0;
    this.updateCounts();
    if (queryChanged) this.highlightSearch();
    if (queryChanged && this.store.queryTerms.length > 0 && this.store.needsHostSearch) this.channel.post({ type: 'search', query: this.store.filter.query });
    this.persistSoon();
  }

  // Blind review

  private isDecidable(detail: ItemDetail): boolean {
    const references = asReferencesDetail(detail);
    if (references !== undefined) return references.decidable;
    return this.store.getRow(detail.id)?.decidable !== false;
  }

  private detailHidden(): boolean {
    const detail = this.detail;
    return detail !== undefined && this.blind.hidesDetail(this.isDecidable(detail), this.currentDecision());
  }

  private get rowLook(): RowLook {
    return {
      lang: this.session?.lang ?? '',
      autoWho: this.session?.autoWho ?? 'judge',
      hideAuto: (row) => this.blind.hidesRow(row),
      terms: this.store.queryTerms,
    };
  }

  private toggleBlind(): void {
    this.blindToggled = true;
    this.setBlind(!this.blind.enabled);
    this.announcer.announce(this.blind.enabled ? 'Blind review on: automatic verdicts hidden until you decide.' : 'Blind review off.');
    this.persistSoon();
  }

  private setBlindState(on: boolean): void {
    this.blind.enabled = on;
    this.header.setBlind(on);
    this.filterBar.setBlind(on);
  }

  private setBlind(on: boolean): void {
    if (on === this.blind.enabled) return;
    this.setBlindState(on);
    const before = this.store.filter;
    const after = this.allowed(before);
    if (after.filter !== before.filter || after.sort !== before.sort || !sameSelection(after.facets ?? {}, before.facets ?? {})) this.applyFilter(after);
    this.list.invalidate();
    this.updateCounts();
    this.renderDetail();
  }

  // References (which score and which reference the references pane shows)

  private changeReferences(change: Partial<ReferencesViewState>): void {
    this.referencesState = { ...this.referencesState, ...change };
    this.renderDetail();
    if (change.compare !== undefined && change.compare !== null) this.announcer.announce(`Compared with ${referenceName(change.compare)}`);
  }

  private cycleMeasure(delta: 1 | -1): void {
    const detail = asReferencesDetail(this.detail);
    if (detail === undefined) return;
    if (this.detailHidden()) {
      this.announcer.announce('Scores are hidden until you decide (blind review).');
      return;
    }
    const ids = measuresOf(detail).map((m) => m.id);
    if (ids.length === 0) return;
    const at = ids.indexOf(currentMeasure(detail, this.referencesState.measure) ?? '');
    const next = ids[(at + delta + ids.length) % ids.length] ?? null;
    this.changeReferences({ measure: next });
    if (next !== null) this.announcer.announce(`Showing ${metricLabel(next)}`);
  }

  private cycleCompare(delta: 1 | -1): void {
    const detail = asReferencesDetail(this.detail);
    if (detail === undefined) return;
    const keys = referenceKeys(detail);
    const at = keys.indexOf(currentCompare(detail, this.referencesState.compare, this.detailHidden()));
    this.changeReferences({ compare: keys[(at + delta + keys.length) % keys.length] ?? null });
  }

  private openHelp(): void {
    this.setInert(true);
    this.help.open();
  }

  private setInert(inert: boolean): void {
    for (const part of [this.header.element, this.messageBar.element, this.skippedLines.element, this.body]) part.toggleAttribute('inert', inert);
  }

  // UI state

  private persistSoon(): void {
    if (this.saveTimer !== undefined) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.persist();
    }, 200);
  }

  private persist(): void {
    const filter = this.store.filter;
    this.channel.saveState({
      itemId: this.store.selectedId,
      filter: formatFilterState(filter),
      scrollTop: Math.max(0, this.list.scrollTop),
      ...(filter.facets !== undefined && Object.keys(filter.facets).length > 0 ? { facets: Object.fromEntries(Object.entries(filter.facets).map(([k, v]) => [k, [...v]])) } : {}),
      ...(filter.sort !== undefined && filter.sort !== 'dataset' ? { sort: filter.sort } : {}),
      ...(this.blindToggled ? { blind: this.blind.enabled } : {}),
      ...(this.facetPanel.isOpen ? { facetsOpen: true } : {}),
      ...(this.session !== undefined ? { runDir: this.session.runDir } : {}),
    });
  }
}

/** Mounts the review panel into `root` and starts talking to the host through `api`. */
export function startReviewApp(root: HTMLElement, api: VsCodeApiLike): ReviewApp {
  return new ReviewController(root, api);
}
