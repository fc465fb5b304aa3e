import {
  type HostMessage,
  HostMessageSchema,
  type InitMessage,
  type ItemRow,
  type WebviewMessage,
  WebviewMessageSchema,
  type WebviewState,
  WebviewStateSchema,
} from '../src/core/protocol/review';
import { Announcer } from '../webview-kit/announcer';
import { WebviewChannel } from '../webview-kit/channel';
import { MessageBar } from '../webview-kit/messageBar';
import { type VsCodeApiLike } from '../webview-kit/vscodeApi';
import { type AdjudicationView } from './adjudicationView';
import { BlindReview } from './blindReview';
import './components';
import { DetailPresenter } from './detailPresenter';
import { type FacetPanel } from './facetPanel';
import { type FilterBar } from './filterBar';
import { type FlagChooser } from './flagChooser';
import { type HeaderView } from './header';
import { type HelpOverlay } from './helpOverlay';
import { FilterFollow } from './filterFollow';
import { ListFiltering } from './listFiltering';
import { type DecisionChange, PendingDecisions } from './pendingDecisions';
import { Decider } from './decider';
import { drawListRow } from './drawListRow';
import { HostMessages } from './hostMessages';
import { type Session } from './pageSession';
import { ReviewKeyboard } from './reviewKeyboard';
import { ReviewLayout } from './reviewLayout';
import { createReviewViews } from './reviewViews';
import { SkippedLinesBar } from './skippedLinesBar';
import { ReviewStore } from './store';
import { DebouncedSave, uiState } from './uiPersistence';
import { type VirtualList } from './virtualList';

export interface ReviewApp {
  readonly store: ReviewStore;
  readonly list: VirtualList;
  /** Removes every listener and the panel's DOM. */
  dispose(): void;
}

/**
 * Wires the store and the views to the host: every message in (dispatched here), every user action out.
 * The parts: the page's layout (reviewLayout.ts), the list's filters (listFiltering.ts) and rows (drawListRow.ts),
 * the detail (detailPresenter.ts), decisions in flight (pendingDecisions.ts, decider.ts), the keys
 * (reviewKeyboard.ts, reviewKeys.ts), the saved state (uiPersistence.ts).
 */
class ReviewController implements ReviewApp {
  readonly store = new ReviewStore();
  readonly list: VirtualList;
  private readonly root: HTMLElement;
  private readonly channel: WebviewChannel<HostMessage, WebviewMessage, WebviewState>;
  readonly header: HeaderView;
  readonly messageBar = new MessageBar();
  readonly skippedLines = new SkippedLinesBar();
  readonly filterBar: FilterBar;
  readonly facetPanel: FacetPanel;
  readonly filtering: ListFiltering;
  readonly blind = new BlindReview();
  readonly decisions = new PendingDecisions();
  readonly detail: DetailPresenter;
  private readonly adjudication: AdjudicationView;
  private readonly flagChooser: FlagChooser;
  private readonly help: HelpOverlay;
  readonly announcer = new Announcer();
  private readonly layout: ReviewLayout;
  private readonly save: DebouncedSave;
  private readonly keyboard: ReviewKeyboard;
  private readonly filterFollow: FilterFollow;
  role: InitMessage['role'] = 'annotator';
  /** The panel's blind toggle was used (persisted then; a change of the setting overrides it). */
  blindToggled = false;
  session: Session | undefined;
  private readonly messages: HostMessages;
  private readonly decider: Decider;

  constructor(root: HTMLElement, api: VsCodeApiLike) {
    this.root = root;
    this.channel = new WebviewChannel(api, 'review', {
      incoming: HostMessageSchema,
      outgoing: WebviewMessageSchema,
      state: WebviewStateSchema,
    });
    this.save = new DebouncedSave(() => this.persist());
    // What both the views and the keys ask for.
    const asked = {
      command: (name: 'refresh' | 'export' | 'guidelines' | 'judgePrompt'): void => this.channel.post({ type: 'command', command: name }),
      decide: (change: DecisionChange): void => this.decider.decide(change),
      undo: (): void => this.decider.undo(),
      openFlagChooser: (): void => this.openFlagChooser(),
      openHelp: (): void => this.openHelp(),
      toggleBlind: (): void => this.toggleBlind(),
    };
    ({
      header: this.header,
      facetPanel: this.facetPanel,
      filterBar: this.filterBar,
      list: this.list,
      adjudication: this.adjudication,
      flagChooser: this.flagChooser,
      help: this.help,
    } = createReviewViews({
      ...asked,
      closeHelp: () => this.layout.setInert(false),
      applyFilter: (change) => this.filtering.apply(change(this.store.filter)),
      leaveSearch: () => this.list.element.focus(),
      persistSoon: () => this.save.soon(),
      renderRow: (element, position) =>
        drawListRow(element, this.store.rowAt(position), { session: this.session, queryTerms: this.store.queryTerms, blind: this.blind }),
      activate: (position) => {
        const row = this.store.rowAt(position);
        if (row === undefined) return;
        const select = (): void => this.selectItem(row.id, { scroll: true });
        if (!this.keyboard.deferSelection(select)) select();
      },
      closeFlagChooser: (opener) => (opener?.isConnected === true ? opener : this.list.element).focus(),
      leaveNote: () => this.list.element.focus(),
      selectCriterion: (index) => this.detail.selectCriterion(index),
    }));
    const { store, list, filterBar, facetPanel, blind, decisions, adjudication, announcer } = this;
    this.detail = new DetailPresenter({
      session: () => this.session,
      store,
      blind,
      decisions,
      adjudication,
      announcer,
      openLink: (url) => this.channel.post({ type: 'openLink', url }),
    });
    this.decider = new Decider({
      store,
      detail: this.detail,
      adjudication,
      announcer,
      decisions,
      blind,
      session: () => this.session,
      post: (message) => this.channel.post(message),
      applyLocalRows: (rows) => this.applyLocalRows(rows),
    });
    this.filterFollow = new FilterFollow({
      store,
      detail: this.detail,
      adjudication,
      select: (id) => this.selectItem(id, { scroll: true, force: true }),
    });
    this.filtering = new ListFiltering({
      store,
      list,
      filterBar,
      facetPanel,
      blind,
      search: (query) => this.channel.post({ type: 'search', query }),
      queryChanged: () => this.detail.highlightSearch(),
      persistSoon: () => this.save.soon(),
      listChanged: () => this.filterFollow.listChanged(),
    });
    const { help, flagChooser } = this;
    this.keyboard = new ReviewKeyboard({
      root,
      help,
      flagChooser,
      targets: {
        store,
        list,
        filterBar,
        adjudication,
        announcer,
        detail: this.detail,
        select: (row) => this.selectItem(row.id, { scroll: true }),
        ...asked,
      },
      queue: {
        itemReady: () => this.detail.detail !== undefined && this.detail.detail.id === this.store.selectedId && this.adjudication.isReady,
        chooserKey: (key) => flagChooser.isOpen && (flagChooser.handleKey(key) || true),
        announce: (text) => this.announcer.announce(text),
        gaveUp: (text) => this.messageBar.show(text),
      },
    });
    this.layout = new ReviewLayout(root, {
      header: this.header.element,
      messageBar: this.messageBar.element,
      skippedLines: this.skippedLines.element,
      filterBar: filterBar.element,
      facetPanel: facetPanel.element,
      list: list.element,
      detail: this.detail.scroll,
      adjudication: adjudication.element,
      announcer: announcer.element,
      help: help.element,
    });
    this.detail.view.showEmpty('Loading the run…');
    this.messages = new HostMessages(this, this.channel.restoreState());
    this.channel.listen(
      (message) => this.messages.handle(message),
      (problem) => console.warn('review: ignoring a host message that fails the protocol:', problem),
    );
    this.channel.post({ type: 'ready' });
  }

  dispose(): void {
    this.channel.dispose();
    this.keyboard.dispose();
    this.save.dispose();
    this.list.dispose();
    this.detail.dispose();
    this.filterBar.dispose();
    this.root.replaceChildren();
  }

  // Selection

  selectItem(id: string | null, options: { scroll: boolean; force?: boolean }): void {
    if (this.flagChooser.isOpen) this.flagChooser.close();
    if (id !== this.store.selectedId && this.adjudication.noteDirty) this.decider.decide({ note: this.adjudication.noteValue });
    const changed = id !== this.store.selectedId;
    if (changed) this.detail.selectionChanged();
    this.store.select(id);
    const position = this.store.selectedPosition;
    this.list.setSelected(position);
    if (options.scroll && position >= 0) this.list.scrollToPosition(position);
    this.save.soon();
    if (id === null) {
      this.detail.detail = undefined;
      this.detail.view.showEmpty(this.store.rows.length === 0 ? 'This run has no items yet.' : 'No item selected.');
      this.adjudication.showLoading();
      return;
    }
    if (!changed && options.force !== true) return;
    if (this.detail.detail?.id !== id) {
      this.detail.detail = undefined;
      this.detail.view.showLoading();
      this.adjudication.showLoading();
    }
    this.channel.post({ type: 'select', itemId: id });
  }

  /** The list takes the focus when nothing in the page holds it (reviewKeyboard.ts). */
  focusListIfIdle(): void {
    this.keyboard.focusListIfIdle();
  }

  /** The selected item's detail is shown: keys that waited for it run. */
  itemShown(): void {
    this.keyboard.itemShown();
  }

  // Decisions (decider.ts sends this annotator's full state for the item or criterion with one part changed)

  private openFlagChooser(): void {
    if (!this.adjudication.isReady || this.session === undefined) {
      this.announcer.announce('The item is still loading.');
      return;
    }
    this.flagChooser.open(this.session.categories, this.detail.currentDecision()?.hallucination ?? null, this.adjudication.flagAnchor);
  }

  /** Applies rows changed here (optimistic, or restored after an error) like the host's. */
  applyLocalRows(rows: readonly ItemRow[]): void {
    this.store.applyRows(rows);
    this.list.setCount(this.store.size);
    this.filtering.updateCounts();
  }

  // Blind review, help, saved state

  private toggleBlind(): void {
    this.blindToggled = true;
    this.setBlind(!this.blind.enabled);
    this.announcer.announce(this.blind.enabled ? 'Blind review on: automatic verdicts hidden until you decide.' : 'Blind review off.');
    this.save.soon();
  }

  setBlindState(on: boolean): void {
    this.blind.enabled = on;
    // The host hides automatic scores elsewhere in the window (the Runs view) while a panel is blind.
    this.channel.post({ type: 'blindState', on });
    this.header.setBlind(on);
    this.filterBar.setBlind(on);
  }

  setBlind(on: boolean): void {
    if (on === this.blind.enabled) return;
    this.setBlindState(on);
    this.filtering.blindChanged();
    this.detail.render();
  }

  private openHelp(): void {
    this.layout.setInert(true);
    this.help.open();
  }

  persistSoon(): void {
    this.save.soon();
  }

  private persist(): void {
    const panel = {
      runDir: this.session?.runDir,
      scrollTop: this.list.scrollTop,
      blind: this.blindToggled ? this.blind.enabled : undefined,
      facetsOpen: this.facetPanel.isOpen,
    };
    this.channel.saveState(uiState(this.store, panel));
  }
}

/** Mounts the review panel into `root` and starts talking to the host through `api`. */
export function startReviewApp(root: HTMLElement, api: VsCodeApiLike): ReviewApp {
  return new ReviewController(root, api);
}
