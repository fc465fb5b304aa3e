import { type TextRange, foldText } from './textSearch';

/**
 * Words shared by an answer and a reference, to mark inline. Words are runs of letters, digits, apostrophes
 * and inner hyphens ("pag-usapan", "long-term"), compared folded (case and diacritics). The commonest
 * function words of Filipino and English are not marked: they overlap everywhere and say nothing.
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  // Filipino
  'ang',
  'ng',
  'sa',
  'na',
  'mga',
  'at',
  'ay',
  'ko',
  'mo',
  'ka',
  'ako',
  'ikaw',
  'siya',
  'kami',
  'tayo',
  'kayo',
  'sila',
  'si',
  'ni',
  'kay',
  'nang',
  'para',
  'ito',
  'iyon',
  'iyan',
  'yan',
  'yun',
  'din',
  'rin',
  'lang',
  'lamang',
  'pa',
  'po',
  'ba',
  'kung',
  'o',
  'hindi',
  'may',
  'mayroon',
  'niya',
  'nila',
  'natin',
  'namin',
  'ninyo',
  'iyong',
  'aking',
  'kanyang',
  'kanilang',
  'ating',
  'upang',
  'dahil',
  'pero',
  'kasi',
  // English
  'the',
  'a',
  'an',
  'of',
  'to',
  'and',
  'or',
  'is',
  'are',
  'in',
  'on',
  'for',
  'with',
  'it',
  'be',
  'you',
  'your',
  'that',
  'this',
  'as',
]);

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export interface WordToken {
  readonly start: number;
  readonly end: number;
  /** The folded word. */
  readonly key: string;
}

export function wordTokens(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    tokens.push({ start, end: start + match[0].length, key: foldText(match[0]) });
  }
  return tokens;
}

/** The ranges of `text`'s content words that also occur in `other`. */
export function overlapRanges(text: string, other: string): TextRange[] {
  const vocabulary = new Set(wordTokens(other).map((t) => t.key));
  return wordTokens(text)
    .filter((t) => !STOPWORDS.has(t.key) && vocabulary.has(t.key))
    .map((t): TextRange => [t.start, t.end]);
}

/** How many distinct content words of `text` occur in `other`, and how many content words `text` has. */
export function overlapCount(text: string, other: string): { shared: number; total: number } {
  const vocabulary = new Set(wordTokens(other).map((t) => t.key));
  const words = new Set(
    wordTokens(text)
      .map((t) => t.key)
      .filter((k) => !STOPWORDS.has(k)),
  );
  let shared = 0;
  for (const word of words) if (vocabulary.has(word)) shared += 1;
  return { shared, total: words.size };
}
