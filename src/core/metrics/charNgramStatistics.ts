import { ngramStatistics } from './ngramStatistics';

// Character n-gram statistics of one pair for chrF, over code points renumbered 0..V-1 for the pair.

let stampOf = new Int32Array(0);
let idOf = new Int32Array(0);
let stamp = 0;

interface Alphabet {
  size: number;
  astral: Map<number, number> | undefined;
}

function encode(codePoints: Int32Array, alphabet: Alphabet): Int32Array {
  const ids = new Int32Array(codePoints.length);
  for (let i = 0; i < codePoints.length; i++) {
    const cp = codePoints[i] ?? 0;
    if (cp < 0x10000) {
      if (stampOf[cp] !== stamp) {
        stampOf[cp] = stamp;
        idOf[cp] = alphabet.size++;
      }
      ids[i] = idOf[cp] ?? 0;
    } else {
      alphabet.astral ??= new Map<number, number>();
      let id = alphabet.astral.get(cp);
      if (id === undefined) {
        id = alphabet.size++;
        alphabet.astral.set(cp, id);
      }
      ids[i] = id;
    }
  }
  return ids;
}

/** Appends [hypothesis n-grams, reference n-grams, clipped matches] of orders 1..maxOrder to `out`. */
export function charNgramStatistics(hyp: Int32Array, ref: Int32Array, maxOrder: number, out: number[]): void {
  if (stampOf.length === 0) {
    stampOf = new Int32Array(0x10000);
    idOf = new Int32Array(0x10000);
  }
  if (++stamp === 0x7fffffff) {
    stampOf.fill(0);
    stamp = 1;
  }
  const alphabet: Alphabet = { size: 0, astral: undefined };
  const hypIds = encode(hyp, alphabet);
  const refIds = encode(ref, alphabet);
  ngramStatistics(hypIds, refIds, alphabet.size, maxOrder, out);
}
