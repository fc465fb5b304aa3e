/**
 * What "reviewed" means, in one place. Shared by the core (header, Runs view, `summary`) and the review
 * webview (filters, facets, its own unconfirmed decisions), so it imports nothing.
 */

/** The parts of an annotator's state that say whether it holds anything. */
export interface ReviewState {
  readonly verdict?: boolean | null;
  /** A graded run's decision (a value on its scale, or null). */
  readonly grade?: number | null;
  readonly hallucination: string | null;
  readonly note: string;
}

/** A state holds a decision: a verdict (true, false or null) or, on a graded run, a grade (or null). */
export function holdsDecision(state: ReviewState): boolean {
  return state.verdict !== undefined || state.grade !== undefined;
}

/**
 * A state records something when it holds a decision (a verdict or a grade), a hallucination flag, or a
 * note. "No decision" with neither flag nor note, such as an undo back to the start, records nothing.
 */
export function recordsSomething(state: ReviewState): boolean {
  return holdsDecision(state) || state.hallucination !== null || state.note.trim() !== '';
}

/**
 * An item is reviewed when some annotator's current, non-stale state on it holds a verdict (true, false or
 * null) or a grade (on a graded run; a criterion's grade counts for its item); a flag or a note alone leaves it to do. Items that take no verdict (`takesVerdicts` false: the
 * benchmark's review settings say so, e.g. Kalahi MC) are reviewed once a state records a flag or a note.
 * A stale state (made on an earlier result) does not count, since the item needs another look. Items with a
 * final human verdict, the ones that change the adjudicated score, are a subset (annotators who disagree
 * leave a reviewed item without one).
 */
export function isReviewed(
  annotators: Iterable<{ readonly stale: boolean; readonly state: ReviewState }>,
  takesVerdicts: boolean,
): boolean {
  for (const a of annotators) if (!a.stale && (takesVerdicts ? holdsDecision(a.state) : recordsSomething(a.state))) return true;
  return false;
}

/** What isReviewed counts, in the words `summary` prints and docs/run-folder.md uses. */
export function reviewedMeans(takesVerdicts: boolean): string {
  return takesVerdicts
    ? 'a current verdict (true, false or null); a flag or a note alone leaves an item to do'
    : 'a current flag or note (these items take no verdict)';
}
