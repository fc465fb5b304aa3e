/**
 * Where a search's terms occur in a text, for highlighting. Folding and matching (Japanese and Filipino
 * aware) live in src/core/review/textFold.ts, shared with the extension host's search.
 */
import { foldText } from '../src/core/review/textFold';

export { foldText, matchesItem, matchesTerms, queryTerms } from '../src/core/review/textFold';

export type TextRange = readonly [start: number, end: number];

interface FoldedWithMap {
  readonly folded: string;
  /** For each code unit of `folded`, where the character it came from starts and ends in the original text. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

/** Folds character by character, remembering where each folded unit came from (for highlighting). */
export function foldWithMap(text: string): FoldedWithMap {
  const pieces: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let i = 0;
  for (const char of text) {
    const folded = char.charCodeAt(0) < 0x80 ? char.toLowerCase() : foldText(char);
    pieces.push(folded);
    for (let k = 0; k < folded.length; k++) {
      starts.push(i);
      ends.push(i + char.length);
    }
    i += char.length;
  }
  return { folded: pieces.join(''), starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/** Merges overlapping or touching ranges, sorted by start. */
export function mergeRanges(ranges: readonly TextRange[]): TextRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** Where the terms occur in a text, in the text's own offsets. */
export function findTermRanges(text: string, terms: readonly string[]): TextRange[] {
  if (terms.length === 0 || text === '') return [];
  const { folded, starts, ends } = foldWithMap(text);
  const ranges: TextRange[] = [];
  for (const term of terms) {
    let at = folded.indexOf(term);
    while (at !== -1) {
      const start = starts[at];
      const end = ends[at + term.length - 1];
      if (start !== undefined && end !== undefined) ranges.push([start, end]);
      at = folded.indexOf(term, at + Math.max(1, term.length));
    }
  }
  return mergeRanges(ranges);
}
