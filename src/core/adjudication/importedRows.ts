import { createHash } from 'node:crypto';
import { type AdjudicationEvent } from './event';

/**
 * The id of the event an imported decision row becomes: a UUID (RFC 9562 version 8) made of the sha256 of
 * what the row decides (item, annotator, role, state) and the result it was decided on (the event's basis),
 * so the same row imported again, after a kill midway or by mistake, is the same event and is not appended
 * twice; the row decided on a newer result (a retry) is a new one.
 */
export function importedRowId(event: Omit<AdjudicationEvent, 'id' | 'time'>): string {
  const { itemId, annotator, role, verdict, grade, criterion, hallucination, note, basis } = event;
  const hex = createHash('sha256')
    .update(JSON.stringify({ itemId, annotator, role, verdict, grade, criterion, hallucination, note, basis }))
    .digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The events of imported rows not yet in the log (`logged`: the ids already there), each once. */
export function newImportedEvents(events: readonly AdjudicationEvent[], logged: (id: string) => boolean): AdjudicationEvent[] {
  const fresh = new Map<string, AdjudicationEvent>();
  for (const event of events) {
    const withId = { ...event, id: importedRowId(event) };
    if (!logged(withId.id) && !fresh.has(withId.id)) fresh.set(withId.id, withId);
  }
  return [...fresh.values()];
}
