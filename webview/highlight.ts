import { type TextRange } from './textSearch';

/** What to skip when collecting text: screen-reader-only text and key hints are not part of the data. */
const SKIP = '.sr-only, kbd, .no-highlight';

function textNodesOf(root: Node): Text[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
    const skipped = n.parentElement?.closest(SKIP);
    if (skipped !== null && skipped !== undefined && skipped !== root && root.contains(skipped)) continue;
    nodes.push(n as Text);
  }
  return nodes;
}

/**
 * Wraps ranges of an element's text (its text nodes read in order, as one string) in <mark> elements made
 * with DOM calls: the text is split into text nodes, never parsed, so data stays data. A range may cross
 * the boundary of earlier marks; it then becomes one mark per text node.
 */
export function markRanges(root: Node, rangesFor: (text: string) => readonly TextRange[], className: string): number {
  const nodes = textNodesOf(root);
  let offset = 0;
  const placed = nodes.map((node) => {
    const start = offset;
    offset += node.data.length;
    return { node, start };
  });
  const ranges = rangesFor(placed.map((p) => p.node.data).join(''));
  if (ranges.length === 0) return 0;
  for (let k = placed.length - 1; k >= 0; k--) {
    const entry = placed[k];
    if (entry === undefined) continue;
    const { start } = entry;
    const node = entry.node;
    const end = start + node.data.length;
    const local = ranges.filter(([s, e]) => s < end && e > start).sort((a, b) => b[0] - a[0]);
    for (const [s, e] of local) {
      const from = Math.max(s, start) - start;
      const to = Math.min(e, end) - start;
      if (to < node.data.length) node.splitText(to);
      const middle = from > 0 ? node.splitText(from) : node;
      const mark = document.createElement('mark');
      mark.className = className;
      middle.replaceWith(mark);
      mark.append(middle);
      if (from === 0) break;
    }
  }
  return ranges.length;
}

/** Removes the marks of one kind (their text stays, rejoined with its neighbours). */
export function clearMarks(root: Element, className: string): void {
  const marks = Array.from(root.querySelectorAll(`mark.${className}`));
  if (marks.length === 0) return;
  for (const mark of marks) mark.replaceWith(...Array.from(mark.childNodes));
  root.normalize();
}
