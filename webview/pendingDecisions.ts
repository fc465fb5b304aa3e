import type { CategoryId, CriterionView, Decision, ItemDetail, ItemRow } from '../src/core/protocol/review';
import { isReviewed, recordsSomething } from '../src/core/adjudication/reviewed';

/** One part of this annotator's state on an item, as a key or a control changes it. */
export interface DecisionChange {
  readonly verdict?: boolean | null;
  /** A graded run's grade (null: no parsable verdict; undefined with the key: no decision). */
  readonly grade?: number | null;
  readonly hallucination?: CategoryId | null;
  readonly note?: string;
}

interface Pending {
  readonly itemId: string;
  readonly kind: 'adjudicate' | 'undo';
}

/** This annotator's state as the list's `mine` column shows it. */
export function mineOf(decision: Decision): ItemRow['mine'] {
  if (!recordsSomething(decision)) return 'none';
  if (decision.verdict === undefined) return 'skipped';
  return decision.verdict === null ? 'null' : decision.verdict ? 'true' : 'false';
}

/** The full state with one part changed; the rest kept (the note as typed). */
export function changedDecision(base: Decision | null, change: DecisionChange, typedNote: string): Decision {
  const verdict = 'verdict' in change ? change.verdict : base?.verdict;
  const grade = 'grade' in change ? change.grade : base?.grade;
  return {
    ...(verdict !== undefined ? { verdict } : {}),
    ...(grade !== undefined ? { grade } : {}),
    hallucination: 'hallucination' in change ? (change.hallucination ?? null) : (base?.hallucination ?? null),
    note: change.note ?? typedNote,
  };
}

/** Whether the item counts as reviewed once this annotator's decision is saved (the host's rule). */
export function reviewedWith(detail: ItemDetail, annotator: string | undefined, decision: Decision, takesVerdicts: boolean): boolean {
  const others = detail.annotators.filter((a) => a.annotator !== annotator).map((a) => ({ stale: a.stale, state: a.decision }));
  return isReviewed([...others, { stale: false, state: decision }], takesVerdicts);
}

/** What a screen reader hears after a change. */
export function describeChange(change: DecisionChange, decision: Decision, categories: readonly { id: string; label: string }[]): string {
  if ('verdict' in change) return decision.verdict === undefined ? 'No decision recorded' : `Verdict ${String(decision.verdict)}`;
  if ('hallucination' in change) {
    const label = categories.find((c) => c.id === decision.hallucination)?.label;
    return decision.hallucination === null ? 'Flag cleared' : `Flagged: ${label ?? decision.hallucination}`;
  }
  return 'Note saved';
}

/**
 * Optimistic decisions: what was sent and not yet confirmed, the decision shown meanwhile, and each changed
 * row as it was before, to put back if the host reports an error.
 */
export class PendingDecisions {
  private readonly pending = new Map<number, Pending>();
  private readonly rowsBefore = new Map<string, ItemRow>();
  /** Unconfirmed decisions of one item: on the item ('') and on its criteria (by id). */
  private optimistic: { itemId: string; decisions: Map<string, Decision> } | undefined;
  private nextRequestId = 1;

  /** A new run (an init): nothing is in flight any more. */
  reset(): void {
    this.pending.clear();
    this.rowsBefore.clear();
    this.optimistic = undefined;
  }

  /** The decision shown for an item: an unconfirmed one while a save is in flight, else the host's. */
  shown(detail: ItemDetail): Decision | null {
    return (this.optimistic?.itemId === detail.id ? this.optimistic.decisions.get('') : undefined) ?? detail.mine;
  }

  /** The decision shown for one of the item's criteria, likewise. */
  shownCriterion(detail: ItemDetail, criterion: CriterionView): Decision | null {
    return (this.optimistic?.itemId === detail.id ? this.optimistic.decisions.get(`#${criterion.id}`) : undefined) ?? criterion.mine;
  }

  get isEmpty(): boolean {
    return this.pending.size === 0;
  }

  /** A decision sent (on a criterion when given): returns its request id. `row` is the item's row before the change. */
  adjudicate(itemId: string, decision: Decision, row: ItemRow | undefined, criterion?: string): number {
    const requestId = this.nextRequestId++;
    this.pending.set(requestId, { itemId, kind: 'adjudicate' });
    if (this.optimistic?.itemId !== itemId) this.optimistic = { itemId, decisions: new Map() };
    this.optimistic.decisions.set(criterion === undefined ? '' : `#${criterion}`, decision);
    if (row !== undefined && !this.rowsBefore.has(row.id)) this.rowsBefore.set(row.id, row);
    return requestId;
  }

  undo(itemId: string): number {
    const requestId = this.nextRequestId++;
    this.pending.set(requestId, { itemId, kind: 'undo' });
    return requestId;
  }

  hasPending(itemId: string): boolean {
    for (const p of this.pending.values()) if (p.itemId === itemId && p.kind === 'adjudicate') return true;
    return false;
  }

  /** Rows from the host: those without a decision in flight are now the truth. */
  rowsArrived(rows: readonly ItemRow[]): void {
    for (const row of rows) if (!this.hasPending(row.id)) this.rowsBefore.delete(row.id);
  }

  /** The host's detail of an item arrived: it replaces the optimistic decision unless one is still in flight. */
  detailArrived(itemId: string): void {
    if (this.optimistic?.itemId === itemId && !this.hasPending(itemId)) this.optimistic = undefined;
  }

  /** A save confirmed: its kind, and whether the shown decision is now the host's (redraw it). */
  saved(requestId: number, itemId: string): { kind: Pending['kind'] | undefined; confirmed: boolean } {
    const kind = this.pending.get(requestId)?.kind;
    this.pending.delete(requestId);
    let confirmed = false;
    if (!this.hasPending(itemId)) {
      this.rowsBefore.delete(itemId);
      if (this.optimistic?.itemId === itemId) {
        this.optimistic = undefined;
        confirmed = true;
      }
    }
    return { kind, confirmed };
  }

  /** A request failed: the row to put back, and whether the shown decision went back to the host's. */
  failed(requestId: number): { row: ItemRow | undefined; reverted: boolean } {
    const pending = this.pending.get(requestId);
    this.pending.delete(requestId);
    if (pending === undefined || this.hasPending(pending.itemId)) return { row: undefined, reverted: false };
    const row = this.rowsBefore.get(pending.itemId);
    this.rowsBefore.delete(pending.itemId);
    const reverted = this.optimistic?.itemId === pending.itemId;
    if (reverted) this.optimistic = undefined;
    return { row, reverted };
  }
}
