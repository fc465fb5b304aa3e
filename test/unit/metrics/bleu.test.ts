import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bleuTokens } from '../../../src/core/metrics/bleu';
import { getSimilarityMetric } from '../../../src/core/metrics/registry';
import { tokenize13a } from '../../../src/core/metrics/tokenize13a';

const bleu = getSimilarityMetric('bleu');

function close(actual: number, expected: number): void {
  assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} != ${expected}`);
}

test('13a separates punctuation and symbols, keeps numbers whole', () => {
  assert.deepEqual(tokenize13a('Hello, world.'), ['Hello', ',', 'world', '.']);
  assert.deepEqual(tokenize13a('3.14 and 1,000 but 3. and ,5'), ['3.14', 'and', '1,000', 'but', '3', '.', 'and', ',', '5']);
  assert.deepEqual(tokenize13a('A-B 1-2 x-1'), ['A-B', '1', '-', '2', 'x-1']);
  assert.deepEqual(tokenize13a("$5 (ok) isn't {a}[b]~@#").join(' '), "$ 5 ( ok ) isn't { a } [ b ] ~ @ #");
  assert.deepEqual(tokenize13a('&quot;hi&quot; &amp;lt; &gt;'), ['"', 'hi', '"', '<', '>']);
  assert.deepEqual(tokenize13a('end-\nline<skipped> next\r\nline'), ['endline', 'next', 'line']);
  assert.deepEqual(tokenize13a('Kumain ka na ba?'), ['Kumain', 'ka', 'na', 'ba', '?']);
  // Japanese has no spaces and its punctuation is not in 13a's classes: one token.
  assert.deepEqual(tokenize13a('妖怪が出た。'), ['妖怪が出た。']);
  assert.deepEqual(tokenize13a(' \u3000 '), []);
});

test('BLEU strips trailing whitespace before 13a, so a final "-\\n" is kept', () => {
  assert.deepEqual(bleuTokens('abc-\n'), ['abc-']);
  assert.deepEqual(tokenize13a('abc-\n'), ['abc']);
});

test('BLEU: hand-computed scores', () => {
  // p1 4/5, p2 3/4, p3 2/3, p4 1/2, no brevity penalty.
  close(bleu.score('a b c d e', 'a b c d f'), (0.8 * 0.75 * (2 / 3) * 0.5) ** 0.25);
  // All precisions 1, brevity penalty exp(1 - 6/4).
  close(bleu.score('a b c d', 'a b c d e f'), Math.exp(-0.5));
  // A longer hypothesis has no penalty: p1 4/5, p2 3/4, p3 2/3, p4 1/2.
  close(bleu.score('a b c d x', 'a b c d'), (0.8 * 0.75 * (2 / 3) * 0.5) ** 0.25);
  // Counts are clipped to the reference's: p1 4/6, p2 3/5, p3 2/4, p4 1/3.
  const clipped = ((4 / 6) * (3 / 5) * (2 / 4) * (1 / 3)) ** 0.25;
  close(bleu.score('the cat the cat the cat', 'the cat the cat sat down'), clipped);
});

test('BLEU without smoothing: any order without a match, or under four tokens, scores 0', () => {
  assert.equal(bleu.score('a b c', 'a b c'), 0);
  assert.equal(bleu.score('a b x d', 'a b c d'), 0);
  assert.equal(bleu.score('妖怪が出た。', '妖怪が出た。'), 0);
  assert.equal(bleu.score('', 'Salamat po sa tulong ninyo.'), 0);
  assert.equal(bleu.score('Salamat po sa tulong ninyo.', ''), 0);
});

test('BLEU: identical texts of four tokens or more score exactly 1 (sacrebleu gives 100.00000000000004)', () => {
  assert.equal(bleu.score('Magmano ka sa lola.', 'Magmano ka sa lola.'), 1);
  assert.equal(bleu.score('Hindi po, salamat.', 'Hindi po, salamat.'), 1);
});

test('BLEU is case-sensitive and Unicode-exact', () => {
  assert.ok(bleu.score('Salamat po sa inyo', 'salamat po sa inyo') < 1);
  assert.ok(bleu.score('Magandáng umaga sa inyo', 'Magandang umaga sa inyo') < 1);
});

// sacrebleu's BLEU statistics with string-keyed Counters, as the oracle for the integer-coded n-gram counting.
function oracleBleu(hypothesis: string, reference: string): number {
  const ngrams = (tokens: string[], n: number): Map<string, number> => {
    const m = new Map<string, number>();
    for (let i = 0; i + n <= tokens.length; i++) {
      const key = tokens.slice(i, i + n).join(' ');
      m.set(key, (m.get(key) ?? 0) + 1);
    }
    return m;
  };
  const hyp = bleuTokens(hypothesis);
  const ref = bleuTokens(reference);
  if (hyp.length === 0) return 0;
  let logSum = 0;
  for (let n = 1; n <= 4; n++) {
    const h = ngrams(hyp, n);
    const r = ngrams(ref, n);
    let correct = 0;
    let total = 0;
    for (const [key, count] of h) {
      total += count;
      correct += Math.min(count, r.get(key) ?? 0);
    }
    if (correct === 0) return 0;
    logSum += Math.log((100 * correct) / total);
  }
  const bp = hyp.length < ref.length ? Math.exp(1 - ref.length / hyp.length) : 1;
  return Math.min(1, (bp * Math.exp(logSum / 4)) / 100);
}

test('BLEU agrees with string-keyed n-gram counting on random texts', () => {
  let seed = 7;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const words = ['ang', 'mga', 'ng', 'bata', 'sa', 'lola', ',', '.', 'po', '1-2', '3.5', '(', ')'];
  const text = (length: number): string => {
    const out: string[] = [];
    for (let i = 0; i < length; i++) out.push(words[Math.floor(random() * words.length)] ?? '');
    return out.join(random() < 0.5 ? ' ' : '');
  };
  for (let k = 0; k < 300; k++) {
    const hypothesis = text(Math.floor(random() * 30));
    const reference = text(Math.floor(random() * 30));
    const expected = oracleBleu(hypothesis, reference);
    assert.equal(bleu.score(hypothesis, reference), expected, JSON.stringify([hypothesis, reference]));
  }
});
