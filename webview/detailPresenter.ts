import type { Decision, ItemDetail } from '../src/protocol';
import { asReferencesDetail } from '../src/protocolDetails';
import type { Announcer } from '../webview-kit/announcer';
import { el } from '../webview-kit/dom';
import type { AdjudicationView } from './adjudicationView';
import type { BlindReview } from './blindReview';
import { currentCompare, currentMeasure } from './detailReferences';
import { clearMarks, markRanges } from './highlight';
import { ItemDetailView, type ReferencesViewState } from './itemDetailView';
import type { PendingDecisions } from './pendingDecisions';
import { metricLabel, measuresOf } from './referenceScores';
import { referenceKeys, referenceName } from './referenceTexts';
import type { Session } from './reviewSession';
import type { ReviewStore } from './store';
import { findTermRanges } from './textSearch';

export interface DetailPresenterHost {
  readonly session: () => Session | undefined;
  readonly store: ReviewStore;
  readonly blind: BlindReview;
  readonly decisions: PendingDecisions;
  readonly adjudication: AdjudicationView;
  readonly announcer: Announcer;
  readonly openLink: (url: string) => void;
}

/** The detail's content that the panes show (not the adjudication state), to skip needless redraws. */
function contentKey(detail: ItemDetail): string {
  const adjudicationKeys = new Set(['annotators', 'mine', 'final', 'conflict', 'canUndo']);
  return JSON.stringify(Object.entries(detail).filter(([key]) => !adjudicationKeys.has(key)));
}

/**
 * The selected item's detail and its adjudication controls: drawn again only when what they show changed
 * (the scroll position and the focus kept), with the search's matches marked, blind review applied, and the
 * references pane's choices (which score, which reference the answer is compared with).
 */
export class DetailPresenter {
  readonly view = new ItemDetailView();
  readonly scroll: HTMLElement;
  /** The host's detail of the selected item; undefined while it loads. */
  detail: ItemDetail | undefined;
  private shownContent: { id: string; key: string } | undefined;
  /** The reviewer unfolded the English gloss: it stays unfolded for the next items. */
  private glossOpen = false;
  private references: ReferencesViewState = { measure: null, compare: null };

  constructor(private readonly host: DetailPresenterHost) {
    this.scroll = el('div', { class: 'detail-scroll', role: 'region', 'aria-label': 'Item and model output', tabindex: -1 }, [this.view.element]);
  }

  /** A new init: the next detail is drawn afresh. */
  forget(): void {
    this.detail = undefined;
    this.shownContent = undefined;
  }

  /** Another item was selected: the reference compared with goes back to the default. */
  selectionChanged(): void {
    this.references = { ...this.references, compare: null };
  }

  /** The decision shown for the selected item: an unconfirmed one while a save is in flight. */
  currentDecision(): Decision | null {
    return this.detail === undefined ? null : this.host.decisions.shown(this.detail);
  }

  isDecidable(detail: ItemDetail): boolean {
    const references = asReferencesDetail(detail);
    if (references !== undefined) return references.decidable;
    return this.host.store.getRow(detail.id)?.decidable !== false;
  }

  /** Blind review hides the selected item's automatic verdict and scores. */
  hidden(): boolean {
    const detail = this.detail;
    return detail !== undefined && this.host.blind.hidesDetail(this.isDecidable(detail), this.currentDecision());
  }

  render(): void {
    const detail = this.detail;
    const session = this.host.session();
    if (detail === undefined || session === undefined) return;
    const hidden = this.hidden();
    const seen = hidden && this.host.blind.wasShown(detail.id);
    const key = `${contentKey(detail)}|${String(hidden)}|${String(seen)}|${this.references.measure ?? ''}|${this.references.compare ?? ''}`;
    if (this.shownContent?.id !== detail.id || this.shownContent.key !== key) {
      const sameItem = this.shownContent?.id === detail.id;
      const scrollTop = this.scroll.scrollTop;
      const active = document.activeElement;
      const focusKey = active instanceof HTMLElement && this.scroll.contains(active) ? active.dataset['focusKey'] : undefined;
      this.view.show(detail, {
        lang: session.lang,
        index: this.host.store.getRow(detail.id)?.index,
        openLink: this.host.openLink,
        hideAutomatic: hidden,
        verdictSeen: seen,
        references: this.references,
        onReferencesChange: (change) => this.changeReferences(change),
        glossOpen: this.glossOpen,
        onGlossToggle: (open) => (this.glossOpen = open),
      });
      if (!hidden) this.host.blind.shown(detail.id);
      this.highlightSearch();
      this.scroll.scrollTop = sameItem ? scrollTop : 0;
      if (focusKey !== undefined) Array.from(this.scroll.querySelectorAll<HTMLElement>('[data-focus-key]')).find((e) => e.dataset['focusKey'] === focusKey)?.focus();
      this.shownContent = { id: detail.id, key };
    } else {
      this.view.doneLoading();
    }
    this.renderAdjudication();
  }

  renderAdjudication(): void {
    const detail = this.detail;
    const session = this.host.session();
    if (detail === undefined || session === undefined) return;
    this.host.adjudication.show(detail, this.currentDecision(), { annotator: session.annotator, categories: session.categories, decidable: this.isDecidable(detail) });
  }

  /** Marks the query's matches in the detail's texts (question, choices, answer, references). */
  highlightSearch(): void {
    const terms = this.host.store.queryTerms;
    for (const element of Array.from(this.view.element.querySelectorAll<HTMLElement>('.searchable'))) {
      clearMarks(element, 'search-hit');
      if (terms.length > 0) markRanges(element, (text) => findTermRanges(text, terms), 'search-hit');
      // A match inside the folded gloss is shown, not hidden.
      const gloss = element.closest('details.gloss');
      if (gloss !== null && element.querySelector('mark.search-hit') !== null) gloss.setAttribute('open', '');
    }
  }

  /** The next (1) or previous (-1) score beside the references. */
  cycleMeasure(delta: 1 | -1): void {
    const detail = asReferencesDetail(this.detail);
    if (detail === undefined) return;
    if (this.hidden()) {
      this.host.announcer.announce('Scores are hidden until you decide (blind review).');
      return;
    }
    const ids = measuresOf(detail).map((m) => m.id);
    if (ids.length === 0) return;
    const at = ids.indexOf(currentMeasure(detail, this.references.measure) ?? '');
    const next = ids[(at + delta + ids.length) % ids.length] ?? null;
    this.changeReferences({ measure: next });
    if (next !== null) this.host.announcer.announce(`Showing ${metricLabel(next)}`);
  }

  /** The next (1) or previous (-1) reference the answer is compared with. */
  cycleCompare(delta: 1 | -1): void {
    const detail = asReferencesDetail(this.detail);
    if (detail === undefined) return;
    const keys = referenceKeys(detail);
    const at = keys.indexOf(currentCompare(detail, this.references.compare, this.hidden()));
    this.changeReferences({ compare: keys[(at + delta + keys.length) % keys.length] ?? null });
  }

  private changeReferences(change: Partial<ReferencesViewState>): void {
    this.references = { ...this.references, ...change };
    this.render();
    if (change.compare === undefined || change.compare === null) return;
    // The reference compared with is brought into view (the fourth and later ones sit below the fold).
    this.view.element.querySelector('.ref.is-compared')?.scrollIntoView({ block: 'nearest' });
    this.host.announcer.announce(`Compared with ${referenceName(change.compare)}`);
  }
}
