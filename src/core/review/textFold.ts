/**
 * Text search that works for Japanese and Filipino. Both the text and the query are folded: NFKC (full-
 * and half-width forms alike), lower case, diacritics removed (Filipino "ñ" and "n", "à" and "a" match) but
 * the kana voicing marks kept (か and が stay different), and katakana read as hiragana (カッパ finds かっぱ).
 * Japanese has no spaces between words, so matching is by substring; a query of several words (split on
 * white space) matches a text that holds every one of them.
 */
const MARKS = /(?![\u3099\u309A])\p{M}/gu;
const KATAKANA = /[\u30A1-\u30F6\u30FD\u30FE]/g;

const toHiragana = (c: string): string => String.fromCharCode(c.charCodeAt(0) - 0x60);

/** The folded form of a text, for filtering (one pass over the whole string). */
export function foldText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text.toLowerCase();
  return text.normalize('NFKC').toLowerCase().normalize('NFD').replace(MARKS, '').replace(KATAKANA, toHiragana);
}

/** The folded words of a query: empty when there is nothing to search for. */
export function queryTerms(query: string): string[] {
  const terms = foldText(query)
    .split(/\s+/u)
    .filter((t) => t !== '');
  return [...new Set(terms)];
}

/** Whether a folded text holds every term. */
export function matchesTerms(folded: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!folded.includes(term)) return false;
  return true;
}

/** Whether a text matches a query's terms the way the list filters: each term in the folded text, the id, or as the dataset position. */
export function matchesItem(folded: string, id: string, index: number, terms: readonly string[]): boolean {
  if (matchesTerms(folded, terms)) return true;
  const lowerId = id.toLowerCase();
  const position = String(index);
  return terms.every((term) => folded.includes(term) || lowerId.includes(term) || position === term);
}
