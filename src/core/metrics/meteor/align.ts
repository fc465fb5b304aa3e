/** A word at its position in the tokenized sentence (NLTK's enumerated (index, word) pairs). */
export interface EnumWord {
  readonly index: number;
  readonly word: string;
}

/** (hypothesis position, reference position). */
export type WordMatch = readonly [number, number];

export interface StageResult {
  readonly matches: WordMatch[];
  readonly hypothesis: EnumWord[];
  readonly reference: EnumWord[];
}

/**
 * NLTK's _match_enums, or _enum_wordnetsyn_match when `matches(hypWord)` is a synonym test: hypothesis words
 * from last to first, each taking the last still-unmatched reference word it matches. Returns the unmatched
 * words of both sides in their original order.
 */
export function matchStage(
  hypothesis: readonly EnumWord[],
  reference: readonly EnumWord[],
  matcherFor: (hypothesisWord: string) => (referenceWord: string) => boolean,
): StageResult {
  const refs = [...reference];
  const matches: WordMatch[] = [];
  const matchedHyp = new Set<number>();
  for (let i = hypothesis.length - 1; i >= 0; i--) {
    const hyp = hypothesis[i];
    if (hyp === undefined) continue;
    const isMatch = matcherFor(hyp.word);
    for (let j = refs.length - 1; j >= 0; j--) {
      const ref = refs[j];
      if (ref !== undefined && isMatch(ref.word)) {
        matches.push([hyp.index, ref.index]);
        matchedHyp.add(i);
        refs.splice(j, 1);
        break;
      }
    }
  }
  return { matches, hypothesis: hypothesis.filter((_, i) => !matchedHyp.has(i)), reference: refs };
}

/** The exact-equality matcher, equivalent to matchStage with `===` but linear: each word keeps a stack of positions. */
export function exactStage(hypothesis: readonly EnumWord[], reference: readonly EnumWord[]): StageResult {
  const positions = new Map<string, number[]>();
  reference.forEach((ref, j) => {
    const list = positions.get(ref.word);
    if (list === undefined) positions.set(ref.word, [j]);
    else list.push(j);
  });
  const matches: WordMatch[] = [];
  const matchedHyp = new Set<number>();
  const matchedRef = new Set<number>();
  for (let i = hypothesis.length - 1; i >= 0; i--) {
    const hyp = hypothesis[i];
    if (hyp === undefined) continue;
    const j = positions.get(hyp.word)?.pop();
    const ref = j === undefined ? undefined : reference[j];
    if (j === undefined || ref === undefined) continue;
    matches.push([hyp.index, ref.index]);
    matchedHyp.add(i);
    matchedRef.add(j);
  }
  return {
    matches,
    hypothesis: hypothesis.filter((_, i) => !matchedHyp.has(i)),
    reference: reference.filter((_, j) => !matchedRef.has(j)),
  };
}

/** NLTK's _count_chunks over matches sorted by hypothesis position. */
export function countChunks(matches: readonly WordMatch[]): number {
  let chunks = 1;
  for (let i = 0; i + 1 < matches.length; i++) {
    const a = matches[i];
    const b = matches[i + 1];
    if (a === undefined || b === undefined) continue;
    if (!(b[0] === a[0] + 1 && b[1] === a[1] + 1)) chunks++;
  }
  return chunks;
}
