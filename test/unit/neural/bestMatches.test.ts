import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type BestMatches, BestMatchFinder, JS_PRODUCT_LIMIT, bestMatchesInJs } from '../../../src/core/runtimes/onnx/bestMatches';

function normalizedRows(rows: number, dim: number, seed: number): Float32Array {
  const m = Float32Array.from({ length: rows * dim }, (_, i) => Math.sin(seed * (i + 1) * 0.37));
  for (let r = 0; r < rows; r += 1) {
    const row = m.subarray(r * dim, (r + 1) * dim);
    const norm = Math.hypot(...row);
    row.forEach((x, d) => (row[d] = x / norm));
  }
  return m;
}

/** Each best as its own search over the products, written out without the code under test. */
function assertBest(
  best: BestMatches,
  hypothesis: Float32Array,
  h: number,
  references: readonly Float32Array[],
  dim: number,
  label: string,
): void {
  const dot = (a: Float32Array, i: number, b: Float32Array, j: number): number => {
    let sum = 0;
    for (let d = 0; d < dim; d += 1) sum += (a[i * dim + d] ?? 0) * (b[j * dim + d] ?? 0);
    return sum;
  };
  const longest = Math.max(...references.map((r) => r.length / dim));
  assert.equal(best.longest, longest, `${label}: longest`);
  references.forEach((reference, k) => {
    const tokens = reference.length / dim;
    for (let i = 0; i < h; i += 1) {
      const expected = tokens === 0 ? -Infinity : Math.max(...Array.from({ length: tokens }, (_, j) => dot(hypothesis, i, reference, j)));
      const got = best.ofHypothesis[k * h + i] ?? Number.NaN;
      assert.ok(
        got === expected || Math.abs(got - expected) < 1e-6,
        `${label}: reference ${k}, hypothesis token ${i}: ${got} vs ${expected}`,
      );
    }
    for (let j = 0; j < tokens; j += 1) {
      const expected = Math.max(...Array.from({ length: h }, (_, i) => dot(hypothesis, i, reference, j)));
      const got = best.ofReference[k * longest + j] ?? Number.NaN;
      assert.ok(Math.abs(got - expected) < 1e-6, `${label}: reference ${k}, token ${j}: ${got} vs ${expected}`);
    }
  });
}

test('the best match of every token, each hypothesis token per reference and each reference token, by the graph above the limit and in JS below it', async () => {
  const finder = await BestMatchFinder.open();
  try {
    for (const [h, lengths, dim, graph] of [
      [5, [3, 7, 1], 8, false],
      [4, [10, 12], 32, false],
      [12, [70, 40], 32, true],
      [40, [60, 17, 33, 60], 256, true],
      [46, [48, 2, 48, 31, 48, 48], 32, true],
    ] as const) {
      const hypothesis = normalizedRows(h, dim, 1);
      const references = lengths.map((tokens, k) => normalizedRows(tokens, dim, k + 2));
      const label = `${h} x [${lengths.join(', ')}] x ${dim}`;
      const viaGraph = h * Math.max(...lengths) * lengths.length * dim > JS_PRODUCT_LIMIT;
      assert.equal(viaGraph, graph, `${label}: which side of the limit`);
      assertBest(
        await finder.find(hypothesis, h, references, dim),
        hypothesis,
        h,
        references,
        dim,
        `${label} ${viaGraph ? 'graph' : 'JS'}`,
      );
      assertBest(bestMatchesInJs(hypothesis, h, references, dim), hypothesis, h, references, dim, `${label} JS`);
    }
  } finally {
    await finder.release();
  }
});

test('padding never wins: a reference shorter than the others, or with no token, is matched over its own tokens only', async () => {
  const finder = await BestMatchFinder.open();
  try {
    const dim = 64;
    // Positive against negative coordinates: every similarity with the short reference is below 0, which its
    // padding (zero vectors, products of 0) would beat if it counted.
    const hypothesis = normalizedRows(30, dim, 1).map(Math.abs);
    const short = normalizedRows(3, dim, 2).map((x) => -Math.abs(x));
    const references = [normalizedRows(50, dim, 3), short, new Float32Array(0)];
    const best = await finder.find(hypothesis, 30, references, dim);
    assertBest(best, hypothesis, 30, references, dim, 'graph');
    for (let i = 0; i < 30; i += 1)
      assert.ok((best.ofHypothesis[30 + i] ?? 0) < 0, `hypothesis token ${i} against the short reference: ${best.ofHypothesis[30 + i]}`);
    assert.ok(
      best.ofHypothesis.subarray(60, 90).every((x) => x === -Infinity),
      'the empty reference has no match',
    );
  } finally {
    await finder.release();
  }
});
