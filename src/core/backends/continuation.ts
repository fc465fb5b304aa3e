/** Echoed prompt tokens as /v1/completions returns them with echo=true and logprobs. */
export interface EchoedTokens {
  readonly tokens: readonly string[];
  readonly logprobs: readonly (number | null)[];
  /** text_offset, in whatever unit the server counts; null when it sent none. */
  readonly offsets: readonly number[] | null;
}

/**
 * How token starts were placed in the prompt text: by adding up the token texts (when they spell the
 * prompt), else by text_offset read as UTF-16 code units (JavaScript) or as code points (Python's len(),
 * what vLLM and OpenAI count).
 */
export type AlignmentMethod = 'token-text' | 'offset-utf16' | 'offset-codepoint';

export interface Continuation {
  /** Log-probs of the tokens that start at or after the reference and before the end of the prompt. */
  readonly logprobs: readonly (number | null)[];
  /** A token began before the reference and ended inside it (its log-prob is not counted). */
  readonly straddled: boolean;
  readonly method: AlignmentMethod;
}

export class AlignmentError extends Error {
  override readonly name = 'AlignmentError';
}

/**
 * The continuation of an echoed prompt: tokens whose start lies at or after `referenceStart` (a UTF-16
 * index into `prompt`) and before the prompt's end, so tokens generated after the prompt are ignored.
 * Token texts are trusted over text_offset when they spell the prompt, since servers disagree on the
 * offset's unit; otherwise the offset unit is the one under which more tokens are found where they say.
 */
export function continuationOf(prompt: string, referenceStart: number, echoed: EchoedTokens): Continuation {
  if (echoed.tokens.length !== echoed.logprobs.length) {
    throw new AlignmentError(`${echoed.tokens.length} tokens but ${echoed.logprobs.length} token log-probs`);
  }
  const placed = placeTokens(prompt, echoed);
  const logprobs: (number | null)[] = [];
  let straddled = false;
  placed.starts.forEach((start, i) => {
    const end = placed.ends[i] ?? start;
    if (start >= referenceStart && start < prompt.length) logprobs.push(echoed.logprobs[i] ?? null);
    else if (start < referenceStart && end > referenceStart) straddled = true;
  });
  return { logprobs, straddled, method: placed.method };
}

interface Placed {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly method: AlignmentMethod;
}

function placeTokens(prompt: string, echoed: EchoedTokens): Placed {
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const token of echoed.tokens) {
    starts.push(at);
    at += token.length;
    ends.push(at);
  }
  const spelled = echoed.tokens.join('');
  if (spelled.length >= prompt.length && spelled.startsWith(prompt)) return { starts, ends, method: 'token-text' };

  const offsets = echoed.offsets;
  if (offsets === null || offsets.length !== echoed.tokens.length) {
    throw new AlignmentError(
      'the echoed tokens do not spell the prompt and there is no text_offset for each token: was echo=true ignored?',
    );
  }
  const utf16 = offsets;
  const fromCodePoints = codePointToUtf16(prompt);
  const codepoint = offsets.map((o) => fromCodePoints(o));
  const hits = (positions: readonly number[]): number =>
    positions.filter((p, i) => prompt.startsWith(echoed.tokens[i] ?? '\u0000', p)).length;
  const utf16Hits = hits(utf16);
  const codepointHits = hits(codepoint);
  if (utf16Hits === 0 && codepointHits === 0) {
    throw new AlignmentError('no echoed token is found in the prompt where its text_offset says: was echo=true ignored?');
  }
  const [chosen, method]: [readonly number[], AlignmentMethod] =
    codepointHits > utf16Hits ? [codepoint, 'offset-codepoint'] : [utf16, 'offset-utf16'];
  return { starts: chosen, ends: chosen.map((start, i) => chosen[i + 1] ?? Math.max(start, prompt.length)), method };
}

/** Maps a code point index of `text` to its UTF-16 index (past the end: counted on from the end). */
function codePointToUtf16(text: string): (index: number) => number {
  const table: number[] = [];
  let unit = 0;
  for (const ch of text) {
    table.push(unit);
    unit += ch.length;
  }
  return (index) => table[index] ?? text.length + (index - table.length);
}
