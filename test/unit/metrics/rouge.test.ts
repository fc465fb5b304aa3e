import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getSimilarityMetric } from '../../../src/core/metrics/registry';
import { rougeLsum } from '../../../src/core/metrics/rouge';
import { rougeTokenize } from '../../../src/core/metrics/rougeTokenize';

const rouge1 = getSimilarityMetric('rouge-1');
const rouge2 = getSimilarityMetric('rouge-2');
const rougeL = getSimilarityMetric('rouge-l');
const rougeLsumMetric = getSimilarityMetric('rouge-lsum');

function close(actual: number, expected: number): void {
  assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} != ${expected}`);
}

test('rouge-score tokens: lowercased [a-z0-9]+ runs, everything else separates', () => {
  assert.deepEqual(rougeTokenize('Hello, World! 123abc_x'), ['hello', 'world', '123abc', 'x']);
  assert.deepEqual(rougeTokenize("Pag-aaral ng mga bata'y"), ['pag', 'aaral', 'ng', 'mga', 'bata', 'y']);
  // Non-ASCII letters separate: á splits the word.
  assert.deepEqual(rougeTokenize('Magandáng umaga'), ['magand', 'ng', 'umaga']);
  assert.deepEqual(rougeTokenize('妖怪が出た。'), []);
  // Python's str.lower() maps U+0130 to 'i' + U+0307 and the Kelvin sign to 'k', as JS does.
  assert.deepEqual(rougeTokenize('\u0130STANBUL \u212a'), ['i', 'stanbul', 'k']);
});

test('ROUGE-1 and ROUGE-2: hand-computed F-measures', () => {
  // 3 of 3 hypothesis unigrams match, 3 of 6 reference ones: F = 2 * 1 * 0.5 / 1.5.
  close(rouge1.score('the cat sat', 'The cat sat on the mat.'), 2 / 3);
  // Bigrams: 2 of 2 and 2 of 5: F = 2 * 0.4 / 1.4.
  close(rouge2.score('the cat sat', 'The cat sat on the mat.'), 0.8 / 1.4);
  // Counts are clipped: 'the' twice in the reference, five times in the hypothesis.
  close(rouge1.score('the the the the the', 'the cat the mat'), (2 * 0.4 * 0.5) / 0.9);
  assert.equal(rouge2.score('cat', 'cat'), 0);
});

test('ROUGE-L: the longest common subsequence', () => {
  close(rougeL.score('a b c d', 'a c b d'), 0.75);
  close(rougeL.score('d c b a', 'a b c d'), 0.25);
  assert.equal(rougeL.score('Salamat po', 'salamat PO!'), 1);
});

test('ROUGE on texts without an ASCII letter or digit is 0, even when identical', () => {
  for (const metric of [rouge1, rouge2, rougeL, rougeLsumMetric]) {
    assert.equal(metric.score('妖怪', '妖怪'), 0);
    assert.equal(metric.score('...', 'Salamat.'), 0);
    assert.equal(metric.score('', 'Salamat.'), 0);
    assert.equal(metric.score('Salamat.', ''), 0);
  }
});

test('ROUGE-Lsum: lines are matched against all hypothesis lines', () => {
  // Whole-text LCS is 2 of 4; per line each reference line is found in some hypothesis line.
  close(rougeL.score('c d\na b', 'a b\nc d'), 0.5);
  assert.equal(rougeLsumMetric.score('c d\na b', 'a b\nc d'), 1);
  // Without newlines ROUGE-Lsum is ROUGE-L.
  close(rougeLsumMetric.score('a b c d', 'a c b d'), 0.75);
  // Empty and blank lines are harmless.
  assert.equal(rougeLsumMetric.score('\n\na b\n \n', 'a b'), 1);
});

test('ROUGE-Lsum: each reference position counts once, each token at most as often as both sides have it', () => {
  // Both hypothesis lines match the same reference position: one hit of 2.
  close(rougeLsumMetric.score('a\na', 'a a'), 0.5);
  // The second reference line's 'a' finds no unused hypothesis 'a': 1 hit, P 1/1, R 1/3.
  close(rougeLsumMetric.score('a', 'a b\na'), 0.5);
});

test("ROUGE-Lsum follows rouge-score's backtracking choice of LCS", () => {
  // Against hypothesis line 'a', the backtrack picks the reference's last 'a' (index 2); against 'a b' it picks
  // indices 0 and 1: the union is all 3 tokens. Picking the first 'a' would give 2 hits and F = 2/3.
  assert.equal(rougeLsumMetric.score('a\na b', 'a b a'), 1);
});

// A direct port of rouge_scorer._summary_level_lcs (full table, backtrack, set union) as the oracle.
function oracleLsum(hypothesis: string, reference: string): number {
  const sents = (text: string): string[][] =>
    text
      .split('\n')
      .filter((x) => x.length > 0)
      .map(rougeTokenize);
  const refSent = sents(reference);
  const canSent = sents(hypothesis);
  if (refSent.length === 0 || canSent.length === 0) return 0;
  const m = refSent.reduce((a, s) => a + s.length, 0);
  const n = canSent.reduce((a, s) => a + s.length, 0);
  if (m === 0 || n === 0) return 0;
  const counter = (lists: string[][]): Map<string, number> => {
    const c = new Map<string, number>();
    for (const s of lists) for (const t of s) c.set(t, (c.get(t) ?? 0) + 1);
    return c;
  };
  const cntR = counter(refSent);
  const cntC = counter(canSent);
  const lcsInd = (ref: string[], can: string[]): number[] => {
    const t: number[][] = Array.from({ length: ref.length + 1 }, () => new Array<number>(can.length + 1).fill(0));
    const at = (i: number, j: number): number => t[i]?.[j] ?? 0;
    for (let i = 1; i <= ref.length; i++) {
      for (let j = 1; j <= can.length; j++) {
        const row = t[i] ?? [];
        row[j] = ref[i - 1] === can[j - 1] ? at(i - 1, j - 1) + 1 : Math.max(at(i - 1, j), at(i, j - 1));
      }
    }
    const lcs: number[] = [];
    let i = ref.length;
    let j = can.length;
    while (i > 0 && j > 0) {
      if (ref[i - 1] === can[j - 1]) {
        lcs.unshift(i - 1);
        i--;
        j--;
      } else if (at(i, j - 1) > at(i - 1, j)) j--;
      else i--;
    }
    return lcs;
  };
  let hits = 0;
  for (const r of refSent) {
    const union = [...new Set(canSent.flatMap((c) => lcsInd(r, c)))].sort((a, b) => a - b);
    for (const index of union) {
      const tok = r[index] ?? '';
      if ((cntC.get(tok) ?? 0) > 0 && (cntR.get(tok) ?? 0) > 0) {
        hits++;
        cntC.set(tok, (cntC.get(tok) ?? 0) - 1);
        cntR.set(tok, (cntR.get(tok) ?? 0) - 1);
      }
    }
  }
  const precision = hits / n;
  const recall = hits / m;
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

test('ROUGE-Lsum agrees with a direct port of rouge-score on random multi-line texts', () => {
  let seed = 11;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const pieces = ['a', 'b', 'c', 'ng', 'Ang', 'sa', '妖怪', ' ', ' ', '\n', '\n', '.', '-'];
  const text = (): string => {
    let s = '';
    const length = Math.floor(random() * 40);
    for (let i = 0; i < length; i++) s += pieces[Math.floor(random() * pieces.length)] ?? '';
    return s;
  };
  for (let k = 0; k < 400; k++) {
    const hypothesis = text();
    const reference = text();
    const expected = oracleLsum(hypothesis, reference);
    assert.equal(rougeLsumMetric.score(hypothesis, reference), expected, JSON.stringify([hypothesis, reference]));
  }
  assert.equal(rougeLsum([], [['a']]), 0);
});
