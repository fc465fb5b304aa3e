import { type Grade } from '../scale/verdictScale';
import { type LoggedEvent } from './adjudicationLog';
import { basisDigest } from '../runs/decisionBasis';
import { type AnnotatorState, type Role, stateOf } from './event';
import { recordsSomething } from './reviewed';

export interface AnnotatorView {
  readonly annotator: string;
  readonly role: Role;
  /** The item's state (verdict or grade, flag, note), or a criterion's (grade, note). */
  readonly state: AnnotatorState;
  readonly time: string;
  readonly eventId: string;
  /** Made on another result than the item's current one: shown, never counted. */
  readonly stale: boolean;
  readonly blind: boolean;
}

/** A graded run's final human grade: an item's or a criterion's own (adjudicator, agreement), or an item's from its criteria. */
export interface FinalGrade {
  readonly grade: Grade;
  readonly source: 'adjudicator' | 'agreement' | 'criteria';
  readonly by: readonly string[];
}

/** Events that win per annotator: the latest time, ties going to the later line (give one item's or one criterion's events). */
export function latestPerAnnotatorOf(events: readonly LoggedEvent[]): LoggedEvent[] {
  const winners = new Map<string, LoggedEvent>();
  for (const logged of events) {
    const previous = winners.get(logged.event.annotator);
    if (previous === undefined || isLater(logged, previous)) winners.set(logged.event.annotator, logged);
  }
  return [...winners.values()].sort((a, b) => a.event.annotator.localeCompare(b.event.annotator));
}

function isLater(a: LoggedEvent, b: LoggedEvent): boolean {
  const ta = Date.parse(a.event.time);
  const tb = Date.parse(b.event.time);
  return ta > tb || (ta === tb && a.line > b.line);
}

/**
 * Each annotator's current state from one item's or one criterion's events; stale unless made on
 * `currentBasis` (decisionBasis.ts digest). An annotator whose latest event is an undo that left nothing (no
 * decision, flag or note: back to before their first) has no state there.
 */
export function annotatorViewsOf(events: readonly LoggedEvent[], currentBasis: string | undefined): AnnotatorView[] {
  const holding = latestPerAnnotatorOf(events).filter(({ event }) => event.undoes === undefined || recordsSomething(stateOf(event)));
  return holding.map(({ event }) => ({
    annotator: event.annotator,
    role: event.role,
    state: stateOf(event),
    time: event.time,
    eventId: event.id,
    stale: currentBasis === undefined || basisDigest(event.basis) !== currentBasis,
    blind: event.blind === true,
  }));
}
