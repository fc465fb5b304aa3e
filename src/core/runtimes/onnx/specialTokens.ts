import { UserError } from '../../util/errors';
import { type HfTokenizer } from './tokenizerRuntime';

interface Segment {
  readonly ids: readonly number[];
  readonly types: readonly number[];
}

/**
 * Where a tokenizer's post-processor puts its special tokens around one text and around a pair, learnt by
 * encoding probe texts with and without them. Texts are encoded without special tokens, cut, then wrapped
 * with these: the library's own truncation would drop the final [SEP], Hugging Face's Python keeps it.
 */
export interface SpecialTemplate {
  readonly single: { readonly prefix: Segment; readonly suffix: Segment; readonly type: number };
  readonly pair: {
    readonly prefix: Segment;
    readonly middle: Segment;
    readonly suffix: Segment;
    readonly firstType: number;
    readonly secondType: number;
  };
  /** Ids of the special tokens the template adds. */
  readonly specialIds: ReadonlySet<number>;
}

const PROBE_A = 'hello';
const PROBE_B = 'world';

export function learnSpecialTemplate(tokenizer: HfTokenizer, tokenizerPath: string): SpecialTemplate {
  const contentA = tokenizer.encode(PROBE_A, { add_special_tokens: false }).ids;
  const contentB = tokenizer.encode(PROBE_B, { add_special_tokens: false }).ids;
  const single = tokenizer.encode(PROBE_A, { add_special_tokens: true, return_token_type_ids: true });
  const pair = tokenizer.encode(PROBE_A, { text_pair: PROBE_B, add_special_tokens: true, return_token_type_ids: true });
  const unclear = (): UserError =>
    new UserError(`${tokenizerPath}: its post-processor's special tokens could not be located around the text`);
  const at = indexOf(single.ids, contentA, 0);
  if (at < 0) throw unclear();
  const firstAt = indexOf(pair.ids, contentA, 0);
  const secondAt = firstAt < 0 ? -1 : indexOf(pair.ids, contentB, firstAt + contentA.length);
  if (secondAt < 0) throw unclear();
  const segment = (ids: readonly number[], types: readonly number[], from: number, to: number): Segment => ({
    ids: ids.slice(from, to),
    types: types.slice(from, to),
  });
  const prefix = segment(single.ids, single.token_type_ids, 0, at);
  const suffix = segment(single.ids, single.token_type_ids, at + contentA.length, single.ids.length);
  const pairPrefix = segment(pair.ids, pair.token_type_ids, 0, firstAt);
  const middle = segment(pair.ids, pair.token_type_ids, firstAt + contentA.length, secondAt);
  const pairSuffix = segment(pair.ids, pair.token_type_ids, secondAt + contentB.length, pair.ids.length);
  return {
    single: { prefix, suffix, type: single.token_type_ids[at] ?? 0 },
    pair: {
      prefix: pairPrefix,
      middle,
      suffix: pairSuffix,
      firstType: pair.token_type_ids[firstAt] ?? 0,
      secondType: pair.token_type_ids[secondAt] ?? 0,
    },
    specialIds: new Set([...prefix.ids, ...suffix.ids, ...pairPrefix.ids, ...middle.ids, ...pairSuffix.ids]),
  };
}

function indexOf(haystack: readonly number[], needle: readonly number[], from: number): number {
  for (let i = from; i + needle.length <= haystack.length; i += 1) {
    if (needle.every((id, j) => haystack[i + j] === id)) return i;
  }
  return -1;
}

export interface EncodedInput {
  readonly ids: readonly number[];
  readonly typeIds: readonly number[];
  /** Content tokens were cut to fit the maximum length. */
  readonly truncated: boolean;
}

/** One text wrapped in its special tokens, the content cut to `maxLength` in all (the special tokens stay). */
export function wrapSingle(template: SpecialTemplate, content: readonly number[], maxLength: number): EncodedInput {
  const { prefix, suffix, type } = template.single;
  const room = Math.max(0, maxLength - prefix.ids.length - suffix.ids.length);
  const kept = content.slice(0, room);
  return {
    ids: [...prefix.ids, ...kept, ...suffix.ids],
    typeIds: [...prefix.types, ...kept.map(() => type), ...suffix.types],
    truncated: kept.length < content.length,
  };
}

/**
 * A pair wrapped in its special tokens, cut to `maxLength` as Hugging Face's `longest_first` does: one token
 * at a time from the end of the longer text, from the second when both are as long.
 */
export function wrapPair(template: SpecialTemplate, first: readonly number[], second: readonly number[], maxLength: number): EncodedInput {
  const { prefix, middle, suffix, firstType, secondType } = template.pair;
  const room = Math.max(0, maxLength - prefix.ids.length - middle.ids.length - suffix.ids.length);
  let a = first.length;
  let b = second.length;
  const excess = Math.max(0, a + b - room);
  // The same counts as removing one token at a time from the longer side (ties: the second).
  const fromLonger = Math.min(Math.abs(a - b), excess);
  const rest = excess - fromLonger;
  if (a > b) {
    a -= fromLonger + Math.floor(rest / 2);
    b -= rest - Math.floor(rest / 2);
  } else {
    a -= Math.floor(rest / 2);
    b -= fromLonger + rest - Math.floor(rest / 2);
  }
  const keptA = first.slice(0, Math.max(0, a));
  const keptB = second.slice(0, Math.max(0, b));
  return {
    ids: [...prefix.ids, ...keptA, ...middle.ids, ...keptB, ...suffix.ids],
    typeIds: [...prefix.types, ...keptA.map(() => firstType), ...middle.types, ...keptB.map(() => secondType), ...suffix.types],
    truncated: excess > 0,
  };
}
