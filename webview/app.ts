import {
  type CategoryId,
  type Decision,
  type HostMessage,
  HostMessageSchema,
  type InitMessage,
  type ItemDetail,
  type ItemRow,
} from '../src/protocol';
import { AdjudicationView } from './adjudicationView';
import { Announcer } from './announcer';
import './components';
import { el } from './dom';
import { FilterBar } from './filterBar';
import { type FilterState, formatFilterState, parseFilterState } from './filters';
import { type Category, FlagChooser } from './flagChooser';
import { HeaderView } from './header';
import { HelpOverlay } from './helpOverlay';
import { ItemDetailView } from './itemDetailView';
import { type KeyActions, dispatchKey } from './keyboard';
import { MessageBar } from './messageBar';
import { ROW_HEIGHT, createRowElement, fillRow } from './rowView';
import { ReviewStore } from './store';
import { VirtualList } from './virtualList';
import { HostChannel, type PersistedState, type VsCodeApiLike } from './vscodeApi';

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
}

interface Pending {
  readonly itemId: string;
  readonly kind: 'adjudicate' | 'undo';
}

const LANG_BY_BENCHMARK: Readonly<Record<InitMessage['run']['benchmark'], string>> = { yokaieval: 'ja', kalahi: 'fil' };

function mineOf(decision: Decision): ItemRow['mine'] {
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
  private readonly channel: HostChannel;
  private readonly header: HeaderView;
  private readonly messageBar = new MessageBar();
  private readonly filterBar: FilterBar;
  private readonly detailView = new ItemDetailView();
  private readonly detailScroll: HTMLElement;
  private readonly adjudication: AdjudicationView;
  private readonly flagChooser: FlagChooser;
  private readonly help: HelpOverlay;
  private readonly announcer = new Announcer();
  private readonly body: HTMLElement;
  private session: Session | undefined;
  private restored: PersistedState | undefined;
  private initialized = false;
  private detail: ItemDetail | undefined;
  private shownContent: { id: string; key: string } | undefined;
  private optimistic: { itemId: string; decision: Decision } | undefined;
  private readonly rowsBefore = new Map<string, ItemRow>();
  private readonly pending = new Map<number, Pending>();
  private nextRequestId = 1;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private flagReturnFocus: HTMLElement | null = null;

  constructor(root: HTMLElement, api: VsCodeApiLike) {
    this.root = root;
    this.channel = new HostChannel({ api });
    this.restored = this.channel.restoreState();
    this.header = new HeaderView({
      onRefresh: () => this.channel.post({ type: 'command', command: 'refresh' }),
      onExport: () => this.channel.post({ type: 'command', command: 'export' }),
      onHelp: () => this.openHelp(),
    });
    this.filterBar = new FilterBar({
      onChange: (state) => this.applyFilter(state),
      onReapply: () => this.applyFilter(this.store.filter),
      onLeaveSearch: () => this.list.element.focus(),
    });
    this.list = new VirtualList({
      rowHeight: ROW_HEIGHT,
      label: 'Items',
      idPrefix: 'item-row',
      createRow: createRowElement,
      renderRow: (element, position) => fillRow(element, this.store.rowAt(position), this.session?.lang ?? ''),
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
      el('section', { class: 'list-panel', 'aria-label': 'Item list' }, [this.filterBar.element, this.list.element]),
      el('div', { class: 'detail-panel' }, [this.detailScroll, this.adjudication.element]),
    ]);
    root.classList.add('review-app');
    root.replaceChildren(this.header.element, this.messageBar.element, this.body, this.announcer.element, this.help.element);
    this.detailView.showEmpty('Loading the run…');
    window.addEventListener('message', this.onMessage);
    window.addEventListener('keydown', this.onKeyDown);
    this.channel.post({ type: 'ready' });
  }

  dispose(): void {
    window.removeEventListener('message', this.onMessage);
    window.removeEventListener('keydown', this.onKeyDown);
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.list.dispose();
    this.filterBar.dispose();
    this.root.replaceChildren();
  }

  // Host messages

  private readonly onMessage = (event: MessageEvent): void => {
    const parsed = HostMessageSchema.safeParse(event.data);
    if (!parsed.success) {
      console.warn('review: ignoring a host message that fails the protocol:', parsed.error.issues[0]?.message ?? 'invalid');
      return;
    }
    try {
      this.handle(parsed.data);
    } catch (error) {
      console.warn('review: could not handle a host message:', error instanceof Error ? error.message : String(error));
    }
  };

  private handle(message: HostMessage): void {
    switch (message.type) {
      case 'init':
        this.onInit(message);
        return;
      case 'rows':
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
    }
  }

  private onInit(message: InitMessage): void {
    const first = !this.initialized;
    this.initialized = true;
    this.session = {
      runDir: message.run.runDir,
      annotator: message.annotator,
      categories: message.categories,
      lang: LANG_BY_BENCHMARK[message.run.benchmark],
    };
    this.header.setRun(message.run, message.annotator, message.role);
    this.header.setScores(message.header);
    const previous = this.store.selectedId;
    this.store.load(message.rows);
    this.pending.clear();
    this.rowsBefore.clear();
    this.optimistic = undefined;
    const restored = first ? this.restored : undefined;
    if (restored !== undefined) this.store.setFilter(parseFilterState(restored.filter));
    this.filterBar.setState(this.store.filter);
    this.list.setCount(this.store.size);
    this.updateCounts();
    if (restored !== undefined) this.list.scrollTop = restored.scrollTop;
    const candidates = [message.selectedItemId, restored?.itemId ?? null, previous, this.store.first()?.id ?? null, message.rows[0]?.id ?? null];
    const target = candidates.find((id): id is string => id !== null && this.store.getRow(id) !== undefined) ?? null;
    this.detail = undefined;
    this.shownContent = undefined;
    this.selectItem(target, { scroll: restored === undefined, force: true });
    if (document.activeElement === null || document.activeElement === document.body) this.list.element.focus();
  }

  private onRows(rows: readonly ItemRow[], header: Parameters<HeaderView['setScores']>[0]): void {
    this.store.applyRows(rows);
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
    this.channel.post({ type: 'adjudicate', requestId, itemId: detail.id, decision, blind: false });
    const row = this.store.getRow(detail.id);
    if (row !== undefined) {
      if (!this.rowsBefore.has(row.id)) this.rowsBefore.set(row.id, row);
      this.onRowsLocal([{ ...row, mine: mineOf(decision) }]);
    }
    this.renderAdjudication();
    this.announcer.announce(this.describeChange(change, decision));
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
    const key = contentKey(detail);
    if (this.shownContent?.id !== detail.id || this.shownContent.key !== key) {
      const sameItem = this.shownContent?.id === detail.id;
      const scrollTop = this.detailScroll.scrollTop;
      this.detailView.show(detail, { lang: this.session.lang, index: this.store.getRow(detail.id)?.index, openLink: (url) => this.channel.post({ type: 'openLink', url }) });
      this.detailScroll.scrollTop = sameItem ? scrollTop : 0;
      this.shownContent = { id: detail.id, key };
    } else {
      this.detailView.doneLoading();
    }
    this.renderAdjudication();
  }

  private renderAdjudication(): void {
    const detail = this.detail;
    if (detail === undefined || this.session === undefined) return;
    this.adjudication.show(detail, this.currentDecision(), { annotator: this.session.annotator, categories: this.session.categories });
  }

  private updateCounts(): void {
    this.filterBar.setCounts(this.store.counts, this.store.size, this.store.outdated);
  }

  private applyFilter(state: FilterState): void {
    this.store.setFilter(state);
    this.filterBar.setState(this.store.filter);
    this.list.setCount(this.store.size);
    const position = this.store.selectedPosition;
    this.list.setSelected(position);
    if (position >= 0) this.list.scrollToPosition(position);
    else this.list.scrollTop = 0;
    this.updateCounts();
    this.persistSoon();
  }

  private openHelp(): void {
    this.setInert(true);
    this.help.open();
  }

  private setInert(inert: boolean): void {
    for (const part of [this.header.element, this.messageBar.element, this.body]) part.toggleAttribute('inert', inert);
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
    this.channel.saveState({
      itemId: this.store.selectedId,
      filter: formatFilterState(this.store.filter),
      scrollTop: Math.max(0, this.list.scrollTop),
      ...(this.session !== undefined ? { runDir: this.session.runDir } : {}),
    });
  }
}

/** Mounts the review panel into `root` and starts talking to the host through `api`. */
export function startReviewApp(root: HTMLElement, api: VsCodeApiLike): ReviewApp {
  return new ReviewController(root, api);
}
