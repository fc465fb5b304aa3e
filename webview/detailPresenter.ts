import type { CriterionView, Decision, ItemDetail } from '../src/core/protocol/review';
import { holdsDecision } from '../src/core/adjudication/reviewed';
import { asReferencesDetail } from '../src/core/protocol/detailKinds';
import type { Announcer } from '../webview-kit/announcer';
import { el } from '../webview-kit/dom';
import type { AdjudicationView } from './adjudicationView';
import type { BlindReview } from './blindReview';
import { currentCompare, currentMeasure } from './detailReferences';
import { clearMarks, markRanges } from './highlight';
import { ItemDetailView, type ReferencesViewState } from './itemDetailView';
import { paneScrollPositions, restorePaneScroll, revealInPane } from './paneScroll';
import type { PendingDecisions } from './pendingDecisions';
import { metricLabel, measuresOf } from './referenceScores';
import { referenceKeys, referenceName } from './referenceTexts';
import type { Session } from './pageSession';
import type { ReviewStore } from './store';
import { findTermRanges } from './textSearch';
import { type GradedScale, gradeWords as gradeWordsOf, gradedScaleOf } from './gradedScale';

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
    this.scroll = el('div', { class: 'detail-scroll', role: 'region', 'aria-label': 'Item and model output', tabindex: -1 }, [
      this.view.element,
    ]);
    // A smaller panel (the side bar opened, the window resized) keeps the compared reference in its column's view.
    window.addEventListener('resize', this.onResize);
  }

  dispose(): void {
    window.removeEventListener('resize', this.onResize);
  }

  private readonly onResize = (): void => this.revealCompared();

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

  /** Blind review hides the selected item's automatic verdict and scores (with criteria: until each is decided). */
  hidden(): boolean {
    const detail = this.detail;
    if (detail === undefined) return false;
    const criteria = detail.criteria ?? [];
    if (criteria.length > 0) return this.host.blind.enabled && criteria.some((c) => this.criterionHidden(c));
    return this.host.blind.hidesDetail(this.isDecidable(detail), this.currentDecision());
  }

  /** The run's graded scale (undefined: a binary run). */
  get scale(): GradedScale | undefined {
    return gradedScaleOf(this.host.session()?.view.scale);
  }

  /** This annotator's state on a criterion of the shown item (an unconfirmed one while it is saved). */
  criterionDecision(criterion: CriterionView): Decision | null {
    return this.detail === undefined ? criterion.mine : this.host.decisions.shownCriterion(this.detail, criterion);
  }

  /** Blind review hides a criterion's judge level and reflection until this annotator decided it. */
  criterionHidden(criterion: CriterionView): boolean {
    return this.host.blind.hidesCriterion(this.criterionDecision(criterion));
  }

  /** The selected criterion of the shown item, when it has criteria. */
  selectedCriterion(): { view: CriterionView; index: number } | undefined {
    const index = this.host.adjudication.criteria.selected;
    const view = this.detail?.criteria?.[index];
    return view === undefined ? undefined : { view, index };
  }

  selectCriterion(index: number): void {
    if (this.host.adjudication.criteria.select(index)) this.renderAdjudication();
  }

  /** Moves the criterion selection; returns whether it moved (it stops at the ends). */
  moveCriterion(delta: 1 | -1, announce = true): boolean {
    const count = this.detail?.criteria?.length ?? 0;
    if (count === 0) {
      if (announce) this.host.announcer.announce('This item has no criteria.');
      return false;
    }
    const moved = this.host.adjudication.criteria.select(this.host.adjudication.criteria.selected + delta);
    if (!announce) return moved;
    this.renderAdjudication();
    this.host.adjudication.criteria.selectedElement?.scrollIntoView({ block: 'nearest' });
    const selected = this.selectedCriterion();
    if (selected !== undefined)
      this.host.announcer.announce(
        `${moved ? '' : delta > 0 ? 'Last criterion. ' : 'First criterion. '}${this.criterionWords(selected.view, selected.index, count)}`,
      );
    return moved;
  }

  /** Shows or hides the selected criterion's raw judge reply. */
  toggleRaw(): void {
    const selected = this.selectedCriterion();
    if (selected === undefined) {
      this.host.announcer.announce('This item has no criteria: its judge reply is in the detail.');
      return;
    }
    if (this.criterionHidden(selected.view)) {
      this.host.announcer.announce('The judge’s reply is hidden until you decide (blind review).');
      return;
    }
    const open = this.host.adjudication.criteria.toggleRaw();
    this.renderAdjudication();
    this.host.announcer.announce(open ? `Raw judge reply of criterion ${selected.view.id} shown` : 'Raw judge reply hidden');
  }

  private criterionWords(view: CriterionView, index: number, count: number): string {
    const scale = this.scale;
    const mine = this.criterionDecision(view);
    const judge = this.criterionHidden(view) || scale === undefined ? 'judge hidden' : `judge ${gradeWordsOf(scale, view.judge.grade)}`;
    const yours =
      mine === null || !holdsDecision(mine) || scale === undefined
        ? 'not decided by you'
        : `yours ${gradeWordsOf(scale, mine.grade ?? null)}`;
    return `Criterion ${view.id}, ${String(index + 1)} of ${String(count)}: ${view.text}. ${judge}; ${yours}.`;
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
      const positions = paneScrollPositions(this.view.element);
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
        scale: this.scale,
      });
      if (!hidden) this.host.blind.shown(detail.id);
      this.highlightSearch();
      // Each pane scrolls on its own: back where it was for the same item; a new item shows the reference its answer is compared with.
      if (sameItem) restorePaneScroll(this.view.element, positions);
      else this.revealCompared();
      const focusable = Array.from(this.scroll.querySelectorAll<HTMLElement>('[data-focus-key]'));
      const refocus = focusKey === undefined ? undefined : focusable.find((e) => e.dataset['focusKey'] === focusKey);
      refocus?.focus({ preventScroll: true });
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
    const scale = this.scale;
    const criteria = detail.criteria ?? [];
    const adjudication = this.host.adjudication;
    if (scale === undefined || criteria.length === 0) adjudication.criteria.hide();
    else {
      const item =
        detail.grade === undefined ? undefined : { auto: detail.grade.auto, human: detail.grade.final?.grade, hidden: this.hidden() };
      adjudication.criteria.show(detail.id, criteria, {
        scale,
        mine: (c) => this.criterionDecision(c),
        hidden: (c) => this.criterionHidden(c),
        item,
      });
      for (const c of criteria) if (!this.criterionHidden(c)) this.host.blind.shown(`${detail.id}#${c.id}`);
    }
    const selected = this.selectedCriterion();
    const criterion =
      selected === undefined ? undefined : { label: `criterion ${selected.view.id}`, mine: this.criterionDecision(selected.view) };
    adjudication.show(detail, this.currentDecision(), {
      annotator: session.annotator,
      categories: session.categories,
      decidable: this.isDecidable(detail),
      ...(scale === undefined ? {} : { scale }),
      ...(criterion === undefined ? {} : { criterion }),
    });
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

  /** The reference compared with, brought into view in the references column alone (the answer stays in view). */
  private revealCompared(): void {
    const compared = this.view.element.querySelector('.ref.is-compared');
    if (compared !== null) revealInPane(compared);
  }

  private changeReferences(change: Partial<ReferencesViewState>): void {
    this.references = { ...this.references, ...change };
    this.render();
    if (change.compare === undefined || change.compare === null) return;
    this.revealCompared();
    this.host.announcer.announce(`Compared with ${referenceName(change.compare)}`);
  }
}
