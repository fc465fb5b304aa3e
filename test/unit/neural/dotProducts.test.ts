import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DotProducts } from '../../../src/core/runtimes/onnx/dotProducts';

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
