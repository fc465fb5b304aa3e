import { randomUUID } from 'node:crypto';
import { type ResultLine } from '../runs/resultLine';
import { basisOf } from '../runs/decisionBasis';
import { type AdjudicationEvent, type AnnotatorState, type Role } from './event';

export interface NewEventInput {
  readonly itemId: string;
  readonly annotator: string;
  readonly role: Role;
  /** The item's state, or with `criterion` that criterion's (a grade and a note; no flag). */
  readonly state: AnnotatorState;
  /** The criterion decided, by its id (none: the item). */
  readonly criterion?: string;
  /** The item's current result: the decision's basis. */
  readonly current: ResultLine;
  readonly blind?: boolean;
  /** An undo: the event it takes back. */
  readonly undoes?: string;
  readonly now?: Date;
}

export function newAdjudicationEvent(input: NewEventInput): AdjudicationEvent {
  return {
    id: randomUUID(),
    itemId: input.itemId,
    annotator: input.annotator,
    role: input.role,
    time: (input.now ?? new Date()).toISOString(),
    ...(input.state.verdict !== undefined ? { verdict: input.state.verdict } : {}),
    ...(input.state.grade !== undefined ? { grade: input.state.grade } : {}),
    ...(input.criterion !== undefined ? { criterion: input.criterion } : {}),
    hallucination: input.state.hallucination,
    note: input.state.note,
    basis: basisOf(input.current),
    ...(input.blind !== undefined ? { blind: input.blind } : {}),
    ...(input.undoes !== undefined ? { undoes: input.undoes } : {}),
  };
}
