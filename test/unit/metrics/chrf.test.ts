import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chrfFromStatistics, chrfWords } from '../../../src/core/metrics/chrf';
import { getSimilarityMetric } from '../../../src/core/metrics/registry';

const chrf = getSimilarityMetric('chrf');
const chrfpp = getSimilarityMetric('chrf++');

// A line-by-line port of sacrebleu 2.x CHRF.sentence_score with string-keyed Counters, as the oracle for the
// integer-coded implementation. Python iterates code points: [...s].
// The code points for which Python's str.isspace() is true.
const PY_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);
function pySplit(s: string): string[] {
  const words: string[] = [];
  let word = '';
  for (const c of s) {
    if (PY_WHITESPACE.has(c.codePointAt(0) ?? 0)) {
      if (word !== '') words.push(word);
      word = '';
    } else {
      word += c;
    }
  }
  if (word !== '') words.push(word);
  return words;
}
const PUNCTS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

function counter(items: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of items) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

function matchStatistics(hyp: Map<string, number>, ref: Map<string, number>): number[] {
  let match = 0;
  let hypCount = 0;
  for (const [ng, count] of hyp) {
    hypCount += count;
    const r = ref.get(ng);
    if (r !== undefined) match += Math.min(count, r);
  }
  let refCount = 0;
  for (const c of ref.values()) refCount += c;
  return [ref.size > 0 ? hypCount : 0, refCount, match];
}

function oracleChrf(hypothesis: string, reference: string, wordOrder: number): number {
  const charNgrams = (s: string): Map<string, number>[] => {
    const chars = [...pySplit(s).join('')];
    const out: Map<string, number>[] = [];
    for (let n = 1; n <= 6; n++) {
      const grams: string[] = [];
      for (let i = 0; i + n <= chars.length; i++) grams.push(chars.slice(i, i + n).join(''));
      out.push(counter(grams));
    }
    return out;
  };
  const words = (s: string): string[] => {
    const out: string[] = [];
    for (const w of pySplit(s)) {
      const cps = [...w];
      const last = cps[cps.length - 1] ?? '';
      const first = cps[0] ?? '';
      if (cps.length === 1) out.push(w);
      else if (PUNCTS.includes(last)) out.push(cps.slice(0, -1).join(''), last);
      else if (PUNCTS.includes(first)) out.push(first, cps.slice(1).join(''));
      else out.push(w);
    }
    return out;
  };
  const wordNgrams = (s: string): Map<string, number>[] => {
    const w = words(s);
    const out: Map<string, number>[] = [];
    for (let n = 1; n <= wordOrder; n++) {
      const grams: string[] = [];
      for (let i = 0; i + n <= w.length; i++) grams.push(w.slice(i, i + n).join(' '));
      out.push(counter(grams));
    }
    return out;
  };
  const h = [...charNgrams(hypothesis), ...wordNgrams(hypothesis)];
  const r = [...charNgrams(reference), ...wordNgrams(reference)];
  const stats: number[] = [];
  h.forEach((hc, i) => stats.push(...matchStatistics(hc, r[i] ?? new Map<string, number>())));
  let avgPrec = 0;
  let avgRec = 0;
  let eff = 0;
  for (let i = 0; i < stats.length; i += 3) {
    const [nHyp = 0, nRef = 0, nMatch = 0] = stats.slice(i, i + 3);
    if (nHyp > 0 && nRef > 0) {
      avgPrec += nMatch / nHyp;
      avgRec += nMatch / nRef;
      eff++;
    }
  }
  if (eff === 0) return 0;
  avgPrec /= eff;
  avgRec /= eff;
  if (avgPrec + avgRec === 0) return 0;
  return (((5 * avgPrec * avgRec) / (4 * avgPrec + avgRec)) * 100) / 100;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Few symbols, so that long n-grams repeat and match; whitespace of both kinds, punctuation, astral characters.
const SYMBOLS = [
  ...['a', 'b', 'n', 'g', 'á', 'ñ', '妖', '怪', '😀', '😁'],
  ...[' ', ' ', '\n', '\u0085', '\u00a0', '\ufeff'],
  ...['.', ',', '(', ')', '-', '"'],
];

function randomText(random: () => number, maxLength: number): string {
  const length = Math.floor(random() * maxLength);
  let s = '';
  for (let i = 0; i < length; i++) s += SYMBOLS[Math.floor(random() * SYMBOLS.length)] ?? '';
  return s;
}

test('chrF: a hand-computed pair', () => {
  // Order 1: P 2/2, R 2/3; order 2: P 1/1, R 1/2; orders 3..6: no hypothesis n-grams, skipped.
  // avgP 1, avgR 7/12; F2 = 5 * 7/12 / (4 + 7/12) = 7/11.
  assert.ok(Math.abs(chrf.score('ab', 'abc') - 7 / 11) < 1e-15);
  // Japanese: order 1 P 1 R 1/2, order 2 P 1 R 1/3 -> avgR 5/12 -> F2 = 25/53.
  assert.ok(Math.abs(chrf.score('妖怪', '妖怪です') - 25 / 53) < 1e-15);
});

test('chrF ignores whitespace, chrF++ does not', () => {
  assert.equal(chrf.score('a b', 'ab'), 1);
  assert.equal(chrf.score('Mag ma no', 'Magmano'), 1);
  // chrF++ 'a b' vs 'ab': chars orders 1-2 P = R = 1; word unigrams P = R = 0; word bigrams: none in the
  // reference, skipped. avgP = avgR = 2/3.
  assert.ok(Math.abs(chrfpp.score('a b', 'ab') - 2 / 3) < 1e-15);
});

test('chrF: identical texts 1, empty hypothesis or reference 0', () => {
  for (const metric of [chrf, chrfpp]) {
    assert.equal(metric.score('Salamat po.', 'Salamat po.'), 1);
    assert.equal(metric.score('x', 'x'), 1);
    assert.equal(metric.score('', 'Salamat po.'), 0);
    assert.equal(metric.score('Salamat po.', ''), 0);
    assert.equal(metric.score(' \t\n', ' '), 0);
  }
});

test('chrF compares code points, without Unicode normalization', () => {
  // UTF-16 would see a shared high surrogate; Python sees two different characters.
  assert.equal(chrf.score('😀', '😁'), 0);
  assert.equal(chrf.score('😀😀', '😀😀'), 1);
  // Precomposed á (U+00E1) is not 'a' + U+0301.
  assert.equal(chrf.score('á', 'a\u0301'), 0);
  const accented = chrf.score('Magandáng umaga po', 'Magandang umaga po');
  assert.ok(accented > 0.7 && accented < 1, String(accented));
});

test('chrF uses Python whitespace: U+0085 and U+001F separate, U+FEFF does not', () => {
  assert.equal(chrf.score('ab', 'a\u0085b'), 1);
  assert.equal(chrf.score('ab', 'a\u001fb'), 1);
  assert.ok(chrf.score('ab', 'a\ufeffb') < 1);
  assert.deepEqual(chrfWords('a\u0085b\ufeffc'), ['a', 'b\ufeffc']);
});

test("chrF++ words: one punctuation mark is split off a word's end, else off its start", () => {
  assert.deepEqual(chrfWords('(hi) hello, "quote . ... a.b -x- 😀!'), [
    '(hi',
    ')',
    'hello',
    ',',
    '"',
    'quote',
    '.',
    '..',
    '.',
    'a.b',
    '-x',
    '-',
    '😀',
    '!',
  ]);
});

test('chrF averages precision and recall over the effective orders before the F-score', () => {
  // Orders: (hyp, ref, match). The second order has no reference n-grams and is skipped.
  const expected = (5 * 0.5 * 0.5) / (4 * 0.5 + 0.5);
  assert.ok(Math.abs(chrfFromStatistics([4, 4, 2, 3, 0, 0, 2, 2, 1]) / 100 - expected) < 1e-15);
  assert.equal(chrfFromStatistics([0, 3, 0, 0, 2, 0]), 0);
  assert.equal(chrfFromStatistics([3, 3, 0]), 0);
});

test('chrF and chrF++ agree with a direct port of sacrebleu on random texts', () => {
  const random = mulberry32(20240915);
  for (let k = 0; k < 400; k++) {
    const hypothesis = randomText(random, k < 200 ? 12 : 60);
    // Some references share a prefix with the hypothesis, so that long n-grams match.
    const reference =
      random() < 0.3 ? hypothesis.slice(0, Math.floor(random() * hypothesis.length)) + randomText(random, 8) : randomText(random, 60);
    const pair = JSON.stringify([hypothesis, reference]);
    assert.equal(chrf.score(hypothesis, reference), oracleChrf(hypothesis, reference, 0), pair);
    assert.equal(chrfpp.score(hypothesis, reference), oracleChrf(hypothesis, reference, 2), pair);
  }
});

test('chrF handles long texts with a large alphabet', () => {
  // Over 2^18 (class, character) combinations: the Map-based lookup path.
  let hypothesis = '';
  let reference = '';
  for (let i = 0; i < 3000; i++) {
    hypothesis += String.fromCodePoint(0x4e00 + ((i * 7919) % 2000));
    reference += String.fromCodePoint(0x4e00 + ((i * 7919 + (i % 5 === 0 ? 1 : 0)) % 2000));
  }
  assert.equal(chrf.score(hypothesis, reference), oracleChrf(hypothesis, reference, 0));
  assert.equal(chrf.score(hypothesis, hypothesis), 1);
});
