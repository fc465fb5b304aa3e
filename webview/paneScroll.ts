/**
 * The detail's panes scroll each in its own column (review.css): where each is scrolled is kept across a
 * redraw of the same item, and a part is brought into view by scrolling its own pane only, never the panel,
 * so the answer in the next column stays where it is.
 */

/** Where each pane of the detail is scrolled, by its class (pane-item, pane-refs, ...). */
export function paneScrollPositions(detail: HTMLElement): Map<string, number> {
  const positions = new Map<string, number>();
  for (const pane of Array.from(detail.querySelectorAll<HTMLElement>(':scope > .pane'))) positions.set(pane.className, pane.scrollTop);
  return positions;
}

/** Scrolls the redrawn panes back to where they were. */
export function restorePaneScroll(detail: HTMLElement, positions: ReadonlyMap<string, number>): void {
  for (const pane of Array.from(detail.querySelectorAll<HTMLElement>(':scope > .pane'))) {
    const top = positions.get(pane.className);
    if (top !== undefined) pane.scrollTop = top;
  }
}

/**
 * Scrolls the pane that holds the element, and only that pane, as little from its top as shows the element
 * wholly (its top, when it is taller than the pane): the same place for the same element whatever the pane
 * showed before, so what sits above it in the pane stays in view whenever there is room.
 */
export function revealInPane(element: Element): void {
  const pane = element.closest<HTMLElement>('.pane');
  if (pane === null) return;
  const box = element.getBoundingClientRect();
  const offset = box.top - (pane.getBoundingClientRect().top + pane.clientTop) + pane.scrollTop;
  pane.scrollTop = Math.max(0, Math.min(offset, offset + box.height - pane.clientHeight));
}
