import type { Decision, ItemDetail, ItemRow } from '../src/core/protocol/review';
import { holdsDecision } from '../src/core/adjudication/reviewed';
import { gradedByMe } from './listSteps';

/**
 * Blind review: while on, an item's automatic verdict, judge reply and scores stay hidden until this
 * annotator has decided it (true, false or null; a skip is no decision). Items that take no verdict (Kalahi
 * MC) are never hidden. A decision is recorded as blind when the item was hidden when it was made and its
 * automatic verdict was never shown in this panel, or when it keeps the verdict of a blind decision (a flag or
 * a note added afterwards).
 */
export class BlindReview {
  private on = false;
  private readonly seen = new Set<string>();

  get enabled(): boolean {
    return this.on;
  }

  set enabled(on: boolean) {
    this.on = on;
  }

  /** Whether the list hides a row's automatic verdict. */
  hidesRow(row: ItemRow): boolean {
    if (!this.on || row.decidable === false) return false;
    if (row.grades !== undefined) return !gradedByMe(row);
    return !(row.mine === 'true' || row.mine === 'false' || row.mine === 'null');
  }

  /** Whether the detail hides the automatic verdict, given the decision shown (maybe unconfirmed). */
  hidesDetail(decidable: boolean, decision: Decision | null): boolean {
    return this.on && decidable && !(decision !== null && holdsDecision(decision));
  }

  /** Whether the detail hides a criterion's judge level and reflection, given this annotator's state on it. */
  hidesCriterion(decision: Decision | null): boolean {
    return this.on && !(decision !== null && holdsDecision(decision));
  }

  /** The detail of an item (or `item#criterion`: one of its criteria) was shown with its automatic verdict. */
  shown(itemId: string): void {
    this.seen.add(itemId);
  }

  /** Whether the item's automatic verdict was shown in this panel. */
  wasShown(itemId: string): boolean {
    return this.seen.has(itemId);
  }

  /** The `blind` flag of a decision about to be sent. */
  flagFor(detail: ItemDetail, annotator: string, hiddenNow: boolean, changesVerdict: boolean): boolean {
    if (hiddenNow && !this.seen.has(detail.id)) return true;
    if (changesVerdict) return false;
    return detail.annotators.some((a) => a.annotator === annotator && !a.stale && a.blind && holdsDecision(a.decision));
  }

  /** The `blind` flag of a decision on a criterion: its level hidden now and never shown (nor the whole item). */
  flagForCriterion(itemId: string, criterion: string, hiddenNow: boolean): boolean {
    return hiddenNow && !this.seen.has(itemId) && !this.seen.has(`${itemId}#${criterion}`);
  }
}
