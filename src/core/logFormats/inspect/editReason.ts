import { type RunState } from '../../adjudication/runState';

/**
 * The reason of the edit an item's final verdict writes: the note of that decision, from each annotator who
 * made it. A note already there while the annotator held a different verdict belongs to that earlier decision
 * (the note field carries over when only the verdict changes), so it is not this edit's reason; notes of
 * annotators who did not make the decision are not either. Several deciders: "name: note" lines.
 */
export function editReason(state: RunState, itemId: string): string | null {
  const adjudication = state.adjudication(itemId);
  const by = adjudication?.final?.by ?? adjudication?.finalGrade?.by ?? [];
  const events = [...state.index.eventsOf(itemId)].sort((a, b) => a.event.time.localeCompare(b.event.time) || a.line - b.line);
  const notes: string[] = [];
  for (const annotator of by) {
    const own = events.filter((e) => e.event.annotator === annotator).map((e) => e.event);
    const current = own.at(-1);
    if (current === undefined || current.note.trim() === '') continue;
    const earlier = own.some((e) => e.note === current.note && e.verdict !== undefined && e.verdict !== current.verdict);
    if (earlier) continue;
    notes.push(by.length === 1 ? current.note : `${annotator}: ${current.note}`);
  }
  return notes.length === 0 ? null : notes.join('\n');
}

/** The note an item's final "can't tell" (null) was given with, by its deciders (empty when none). */
export function nullNote(state: RunState, itemId: string): string {
  const adjudication = state.adjudication(itemId);
  const by = adjudication?.final?.by ?? adjudication?.finalGrade?.by ?? [];
  return (adjudication?.annotators ?? [])
    .filter((a) => !a.stale && by.includes(a.annotator) && a.state.note.trim() !== '')
    .map((a) => a.state.note)
    .join(' / ');
}
