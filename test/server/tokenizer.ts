// The test server's deterministic tokenizer and log-probability model. Exported so tests can recompute
// every value the server returns independently.
import { FNV1A32_INITIAL, fnv1a32 } from './rng';

/** Longest piece of a word, in code points (never splits a surrogate pair). */
export const MAX_PIECE_CODE_POINTS = 4;

// A token is optional leading whitespace plus a run of letters/marks/digits or one other character; a
// whitespace run at the very end is a token of its own.
const WORD = /\s*(?:[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}])|\s+$/gu;

/**
 * Splits `text` into tokens whose concatenation is exactly `text`: leading whitespace goes with the next
 * word; words longer than MAX_PIECE_CODE_POINTS code points are split into pieces of at most that many
 * (the first piece keeps the whitespace); punctuation is one token per character.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const chunk = match[0];
    const lead = /^\s*/u.exec(chunk)?.[0] ?? '';
    const word = Array.from(chunk.slice(lead.length));
    if (word.length <= MAX_PIECE_CODE_POINTS) {
      tokens.push(chunk);
      continue;
    }
    for (let i = 0; i < word.length; i += MAX_PIECE_CODE_POINTS) {
      const piece = word.slice(i, i + MAX_PIECE_CODE_POINTS).join('');
      tokens.push(i === 0 ? lead + piece : piece);
    }
  }
  return tokens;
}

/** Start index of each token as a JS string index (UTF-16 code units) into the concatenated text. */
export function tokenOffsets(tokens: readonly string[], start = 0): number[] {
  const offsets: number[] = [];
  let at = start;
  for (const t of tokens) {
    offsets.push(at);
    at += t.length;
  }
  return offsets;
}

/** Start index of each token in code points (what Python's len() counts), for the 'codepoint' mode. */
export function tokenOffsetsInCodePoints(tokens: readonly string[], start = 0): number[] {
  const offsets: number[] = [];
  let at = start;
  for (const t of tokens) {
    offsets.push(at);
    at += Array.from(t).length;
  }
  return offsets;
}

/** A stable token id (vLLM-style integer) for a token string. */
export function tokenId(token: string): number {
  return fnv1a32(token) % 100_000;
}

export function countTokens(text: string): number {
  return tokenize(text).length;
}

/**
 * Maps a hash of (context, token) to a log-probability in [-4.046, -0.05]: -(0.05 + (hash % 1000) / 250),
 * computed as -(50 + 4 * (hash % 1000)) / 1000 so that values print as short decimals.
 */
export function logprobFromHash(hash: number): number {
  return -(50 + 4 * (hash % 1000)) / 1000;
}

/**
 * The log-probability the server gives `token` after `precedingText` (everything before it in the
 * scored text, prompt included): logprobFromHash(h) with h = FNV-1a-32 over the UTF-16 code
 * units of precedingText + "\u0000" + token.
 */
export function tokenLogprob(precedingText: string, token: string): number {
  return logprobFromHash(fnv1a32(precedingText + '\u0000' + token));
}

/** tokenLogprob for every token of `tokens` (treated as one text), hashing each prefix once. */
export function tokenLogprobs(tokens: readonly string[]): number[] {
  const out: number[] = [];
  let state = FNV1A32_INITIAL;
  for (const t of tokens) {
    out.push(logprobFromHash(fnv1a32('\u0000' + t, state)));
    state = fnv1a32(t, state);
  }
  return out;
}
