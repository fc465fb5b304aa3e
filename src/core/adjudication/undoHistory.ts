import { type LoggedEvent } from './adjudicationLog';
import { sameBasis } from '../runs/decisionBasis';
import { type AdjudicationEvent, type AnnotatorState, EMPTY_STATE, stateOf } from './event';

/** What undoing one of an annotator's events writes: the state before it, on the same item (or criterion). */
export interface UndoStep {
  readonly itemId: string;
  readonly criterion?: string;
  /** The event taken back (the undo event's `undoes`). */
  readonly undoes: string;
  /** The annotator's state before it: their earlier event's on the same result, else none. */
  readonly previous: AnnotatorState;
  /** Whether that earlier state was decided blind. */
  readonly blind: boolean;
}

/** How many of an annotator's last events can be taken back. */
const DEPTH = 1000;

/**
 * One annotator's undo history, read from the adjudication log as it grows (so it survives a window
 * reload): each of their events is a step that can be taken back, newest last; an undo event (`undoes`)
 * removes the step it took back. Events of other annotators change nothing here.
 */
export class UndoHistory {
  private readonly latest = new Map<string, AdjudicationEvent>();
  private readonly steps: UndoStep[] = [];

  constructor(readonly annotator: string) {}

  add({ event }: LoggedEvent): void {
    if (event.annotator !== this.annotator) return;
    const key = `${event.itemId}\u0000${event.criterion ?? ''}`;
    const before = this.latest.get(key);
    this.latest.set(key, event);
    if (event.undoes !== undefined) {
      const taken = this.steps.findLastIndex((s) => s.undoes === event.undoes);
      if (taken >= 0) this.steps.splice(taken, 1);
      return;
    }
    // A state made on an earlier result is not brought back onto this one: the undo leaves none.
    const earlier = before !== undefined && sameBasis(before.basis, event.basis) ? before : undefined;
    this.steps.push({
      itemId: event.itemId,
      ...(event.criterion === undefined ? {} : { criterion: event.criterion }),
      undoes: event.id,
      previous: earlier === undefined ? EMPTY_STATE : stateOf(earlier),
      blind: earlier?.blind === true,
    });
    if (this.steps.length > DEPTH) this.steps.shift();
  }

  /** The step an undo takes now (undefined: nothing to undo). */
  last(): UndoStep | undefined {
    return this.steps[this.steps.length - 1];
  }
}
