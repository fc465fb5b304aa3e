// Character n-gram statistics of one hypothesis/reference pair for chrF: for each order n, the number of
// n-grams on each side and the size of their multiset intersection (Python's Counter `&`).
//
// Fast path: the code points of the pair are renumbered 0..V-1 (a pair-local alphabet), so an n-gram is the
// exact integer sum(id_k * V^(n-1-k)) while V^maxOrder <= 2^53; those keys are counted in an open-addressing
// table. Pairs with a larger alphabet (long CJK texts) take the string-keyed path.

/** [nHyp, nRef, nMatch] for orders 1..maxOrder, flattened as sacrebleu's statistics list. */
export type OrderStatistics = number[];

let stampOf = new Int32Array(0);
let idOf = new Int32Array(0);
let stamp = 0;
let tableKeys = new Float64Array(0);
let tableCounts = new Int32Array(0);

function encode(codePoints: Int32Array, astral: Map<number, number>, next: { id: number }): Int32Array {
  const ids = new Int32Array(codePoints.length);
  for (let i = 0; i < codePoints.length; i++) {
    const cp = codePoints[i] ?? 0;
    if (cp < 0x10000) {
      if (stampOf[cp] !== stamp) {
        stampOf[cp] = stamp;
        idOf[cp] = next.id++;
      }
      ids[i] = idOf[cp] ?? 0;
    } else {
      let id = astral.get(cp);
      if (id === undefined) {
        id = next.id++;
        astral.set(cp, id);
      }
      ids[i] = id;
    }
  }
  return ids;
}

function hashSlot(key: number, mask: number): number {
  const lo = key >>> 0;
  const hi = (key / 4294967296) >>> 0;
  let h = Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1);
  h ^= h >>> 15;
  return h & mask;
}

/**
 * Appends the statistics of orders 1..maxOrder to `out`, or returns false (appending nothing) when the
 * pair's alphabet is too large for exact integer keys.
 */
export function charNgramStatisticsNumeric(
  hyp: Int32Array,
  ref: Int32Array,
  maxOrder: number,
  out: OrderStatistics,
): boolean {
  if (stampOf.length === 0) {
    stampOf = new Int32Array(0x10000);
    idOf = new Int32Array(0x10000);
  }
  stamp++;
  if (stamp === 0x7fffffff) {
    stampOf.fill(0);
    stamp = 1;
  }
  const astral = new Map<number, number>();
  const next = { id: 0 };
  const hypIds = encode(hyp, astral, next);
  const refIds = encode(ref, astral, next);
  const hypKeys = Float64Array.from(hypIds);
  const refKeys = Float64Array.from(refIds);
  const base = next.id;
  if (base ** maxOrder > 2 ** 53) return false;

  // The table holds the hypothesis n-grams (at most hyp.length per order) at load <= 1/2.
  let capacity = 16;
  while (capacity < 2 * hyp.length) capacity *= 2;
  if (tableKeys.length < capacity) {
    tableKeys = new Float64Array(capacity);
    tableCounts = new Int32Array(capacity);
  }
  const mask = capacity - 1;

  for (let n = 1; n <= maxOrder; n++) {
    const nHyp = Math.max(0, hyp.length - n + 1);
    const nRef = Math.max(0, ref.length - n + 1);
    if (n > 1) {
      // keys[i] becomes the key of the n-gram starting at i.
      for (let i = 0; i < nHyp; i++) hypKeys[i] = (hypKeys[i] ?? 0) * base + (hypIds[i + n - 1] ?? 0);
      for (let i = 0; i < nRef; i++) refKeys[i] = (refKeys[i] ?? 0) * base + (refIds[i + n - 1] ?? 0);
    }
    let match = 0;
    if (nHyp > 0 && nRef > 0) {
      tableKeys.fill(-1, 0, capacity);
      for (let i = 0; i < nHyp; i++) {
        const key = hypKeys[i] ?? 0;
        let slot = hashSlot(key, mask);
        for (;;) {
          const k = tableKeys[slot];
          if (k === key) {
            tableCounts[slot] = (tableCounts[slot] ?? 0) + 1;
            break;
          }
          if (k === -1) {
            tableKeys[slot] = key;
            tableCounts[slot] = 1;
            break;
          }
          slot = (slot + 1) & mask;
        }
      }
      for (let i = 0; i < nRef; i++) {
        const key = refKeys[i] ?? 0;
        let slot = hashSlot(key, mask);
        for (;;) {
          const k = tableKeys[slot];
          if (k === key) {
            const c = tableCounts[slot] ?? 0;
            if (c > 0) {
              match++;
              tableCounts[slot] = c - 1;
            }
            break;
          }
          if (k === -1) break;
          slot = (slot + 1) & mask;
        }
      }
    }
    // sacrebleu counts no hypothesis n-grams of an order the reference lacks.
    out.push(nRef > 0 ? nHyp : 0, nRef, match);
  }
  return true;
}
