import type { CriterionView, ItemDetail, ItemRow, WebviewMessage } from '../src/core/protocol/review';
import { holdsDecision, isReviewed } from '../src/core/adjudication/reviewed';
import type { Announcer } from '../webview-kit/announcer';
import type { AdjudicationView } from './adjudicationView';
import type { BlindReview } from './blindReview';
import type { DetailPresenter } from './detailPresenter';
import { announceGrade } from './gradedAdjudication';
import { type DecisionChange, type PendingDecisions, changedDecision, describeChange, mineOf, reviewedWith } from './pendingDecisions';
import type { Session } from './pageSession';
import type { ReviewStore } from './store';

export interface DeciderHost {
  readonly store: ReviewStore;
  readonly detail: DetailPresenter;
  readonly adjudication: AdjudicationView;
  readonly announcer: Announcer;
  readonly decisions: PendingDecisions;
  readonly blind: BlindReview;
  readonly session: () => Session | undefined;
  readonly post: (message: WebviewMessage) => void;
  readonly applyLocalRows: (rows: readonly ItemRow[]) => void;
}

/** Whether anyone but this annotator's state on `except` (a criterion id, or '' for the item) has reviewed the item. */
function reviewedByOthers(detail: ItemDetail, annotator: string | undefined, except: string): boolean {
  const views = [
    ...detail.annotators.map((a) => ({ ...a, on: '' })),
    ...(detail.criteria ?? []).flatMap((c) => c.annotators.map((a) => ({ ...a, on: c.id }))),
  ].filter((a) => !(a.annotator === annotator && a.on === except));
  return isReviewed(
    views.map((a) => ({ stale: a.stale, state: a.decision })),
    true,
  );
}

/**
 * Sends this annotator's decisions: the full state of the item, or of its selected criterion when a graded
 * item with criteria takes a grade, with one part changed (the rest kept); shown at once (optimistic), said
 * to screen readers, and undone on request.
 */
export class Decider {
  /** The changes sent from this panel, latest last (index: the criterion's, -1 the item), so that undo goes back to the criterion it changes. */
  private readonly changes: { readonly itemId: string; readonly index: number }[] = [];

  constructor(private readonly host: DeciderHost) {}

  decide(change: DecisionChange): void {
    const { detail: presenter, adjudication, announcer } = this.host;
    const detail = presenter.detail;
    if (detail === undefined || detail.id !== this.host.store.selectedId || !adjudication.isReady) {
      announcer.announce('The item is still loading.');
      return;
    }
    if (('verdict' in change || 'grade' in change) && !presenter.isDecidable(detail)) {
      announcer.announce('Multiple-choice items take flags and notes only.');
      return;
    }
    const criterion = 'grade' in change ? presenter.selectedCriterion() : undefined;
    if (criterion !== undefined) this.decideCriterion(detail, criterion, change.grade);
    else this.decideItem(detail, change);
  }

  private decideItem(detail: ItemDetail, change: DecisionChange): void {
    const { detail: presenter, announcer, decisions, blind, store } = this.host;
    const session = this.host.session();
    const hiddenNow = presenter.hidden();
    const decision = changedDecision(presenter.currentDecision(), change, this.host.adjudication.noteValue);
    const row = store.getRow(detail.id);
    const requestId = decisions.adjudicate(detail.id, decision, row);
    const changesDecision = 'verdict' in change || 'grade' in change;
    const blindFlag = session !== undefined && blind.flagFor(detail, session.annotator, hiddenNow, changesDecision);
    this.host.post({ type: 'adjudicate', requestId, itemId: detail.id, decision, blind: blindFlag });
    this.changes.push({ itemId: detail.id, index: -1 });
    if (row !== undefined) {
      const grades = row.grades === undefined ? {} : { grades: { ...row.grades, mine: decision.grade } };
      this.host.applyLocalRows([
        {
          ...row,
          mine: mineOf(decision),
          reviewed: reviewedWith(detail, session?.annotator, decision, presenter.isDecidable(detail)),
          ...grades,
        },
      ]);
    }
    if (hiddenNow !== presenter.hidden()) presenter.render();
    else presenter.renderAdjudication();
    const scale = presenter.scale;
    announcer.announce(
      'grade' in change && scale !== undefined
        ? announceGrade(scale, decision, '')
        : describeChange(change, decision, session?.categories ?? []),
    );
  }

  private decideCriterion(detail: ItemDetail, criterion: { view: CriterionView; index: number }, grade: number | null | undefined): void {
    const { detail: presenter, announcer, decisions, blind, store } = this.host;
    const session = this.host.session();
    const base = decisions.shownCriterion(detail, criterion.view);
    const decision = { ...(grade === undefined ? {} : { grade }), hallucination: null, note: base?.note ?? '' };
    const hiddenNow = presenter.criterionHidden(criterion.view);
    const row = store.getRow(detail.id);
    const requestId = decisions.adjudicate(detail.id, decision, row, criterion.view.id);
    const blindFlag = session !== undefined && blind.flagForCriterion(detail.id, criterion.view.id, hiddenNow);
    this.host.post({ type: 'adjudicate', requestId, itemId: detail.id, criterion: criterion.view.id, decision, blind: blindFlag });
    this.changes.push({ itemId: detail.id, index: criterion.index });
    if (row !== undefined) {
      const reviewed = holdsDecision(decision) || reviewedByOthers(detail, session?.annotator, criterion.view.id);
      const criteria = row.grades?.criteria?.map((c, i) =>
        i === criterion.index
          ? { auto: c.auto, ...(c.human === undefined ? {} : { human: c.human }), ...(grade === undefined ? {} : { mine: grade }) }
          : c,
      );
      this.host.applyLocalRows([{ ...row, reviewed, ...(criteria === undefined ? {} : { grades: { ...row.grades, criteria } }) }]);
    }
    const scale = presenter.scale;
    const what = `criterion ${criterion.view.id}`;
    const moved = grade !== undefined && presenter.moveCriterion(1, false);
    presenter.render();
    const next = moved ? `. Now criterion ${presenter.selectedCriterion()?.view.id ?? ''} of ${String(detail.criteria?.length ?? 0)}` : '';
    if (scale !== undefined) announcer.announce(`${announceGrade(scale, decision, what)}${next}`);
  }

  undo(): void {
    const { detail: presenter, decisions, announcer, store } = this.host;
    if (presenter.detail !== undefined && !presenter.detail.canUndo && decisions.isEmpty) {
      announcer.announce('Nothing to undo.');
      return;
    }
    const itemId = store.selectedId ?? '';
    // Undo brings back this panel's latest change; when it was on a criterion, that criterion is selected again.
    const last = this.changes.pop();
    if (last !== undefined && last.index >= 0 && last.itemId === presenter.detail?.id) presenter.selectCriterion(last.index);
    this.host.post({ type: 'undo', requestId: decisions.undo(itemId) });
  }
}
