import { ngramStatistics } from './ngramStatistics';

// Word n-gram statistics of one pair (BLEU, chrF++), over tokens numbered per pair.

/** Appends [hypothesis n-grams, reference n-grams, clipped matches] of orders 1..maxOrder to `out`. */
export function wordNgramStatistics(hyp: readonly string[], ref: readonly string[], maxOrder: number, out: number[]): void {
  const ids = new Map<string, number>();
  const encode = (tokens: readonly string[]): Int32Array => {
    const coded = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] ?? '';
      let id = ids.get(token);
      if (id === undefined) {
        id = ids.size;
        ids.set(token, id);
      }
      coded[i] = id;
    }
    return coded;
  };
  const hypIds = encode(hyp);
  const refIds = encode(ref);
  ngramStatistics(hypIds, refIds, ids.size, maxOrder, out);
}
