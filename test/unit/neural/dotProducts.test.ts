import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DotProducts, JS_PRODUCT_LIMIT, dotProductsInJs } from '../../../src/core/runtimes/onnx/dotProducts';

test('DotProducts gives every row of A times every row of B, row-major [rows of A, rows of B]', async () => {
  const dots = await DotProducts.open();
  try {
    const dim = 5;
    const a = Float32Array.from({ length: 3 * dim }, (_, i) => Math.sin(i + 1));
    const b = Float32Array.from({ length: 4 * dim }, (_, i) => Math.cos(2 * i + 1));
    const product = await dots.of(a, 3, b, 4, dim);
    assert.equal(product.length, 12);
    for (let i = 0; i < 3; i += 1) {
      for (let j = 0; j < 4; j += 1) {
        let expected = 0;
        for (let d = 0; d < dim; d += 1) expected += (a[i * dim + d] ?? 0) * (b[j * dim + d] ?? 0);
        assert.ok(Math.abs((product[i * 4 + j] ?? Number.NaN) - expected) < 1e-6, `row ${i}, column ${j}: ${product[i * 4 + j]} vs ${expected}`);
      }
    }
  } finally {
    await dots.release();
  }
});

test('small products are computed in JS, large ones by the Gemm graph, both within 1e-6 of each other on normalized rows', async () => {
  const dots = await DotProducts.open();
  try {
    const normalizedRows = (rows: number, dim: number, seed: number): Float32Array => {
      const m = Float32Array.from({ length: rows * dim }, (_, i) => Math.sin(seed * (i + 1) * 0.37));
      for (let r = 0; r < rows; r += 1) {
        const row = m.subarray(r * dim, (r + 1) * dim);
        const norm = Math.hypot(...row);
        row.forEach((x, d) => (row[d] = x / norm));
      }
      return m;
    };
    for (const [rowsA, rowsB, dim] of [[12, 70, 32], [40, 60, 256]] as const) {
      const a = normalizedRows(rowsA, dim, 1);
      const b = normalizedRows(rowsB, dim, 2);
      assert.equal(rowsA * rowsB * dim <= JS_PRODUCT_LIMIT, dim === 32, 'the small case is under the limit, the large one over it');
      const chosen = await dots.of(a, rowsA, b, rowsB, dim);
      const inJs = dotProductsInJs(a, rowsA, b, rowsB, dim);
      assert.equal(chosen.length, rowsA * rowsB);
      chosen.forEach((value, i) => assert.ok(Math.abs(value - (inJs[i] ?? Number.NaN)) <= 1e-6, `${rowsA}x${rowsB}x${dim} entry ${i}: ${value} vs ${inJs[i]}`));
    }
  } finally {
    await dots.release();
  }
});
