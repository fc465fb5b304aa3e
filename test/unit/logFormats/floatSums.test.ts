import { test } from 'node:test';
import assert from 'node:assert/strict';
import { meanBy, python312Sum, sequentialSum } from '../../../src/core/util/floatSums';

test("float sums: Python 3.12's sum() is compensated (sum([0.1] * 10) == 1.0, What's New in Python 3.12), a plain loop is not", () => {
  const tenths = Array.from({ length: 10 }, () => 0.1);
  assert.equal(python312Sum(tenths), 1);
  assert.equal(sequentialSum(tenths), 0.9999999999999999);
  // Python: sum([1e100, 1.0, -1e100, 1.0]) == 2.0 from 3.12 (1.0 before, as the plain loop gives).
  assert.equal(python312Sum([1e100, 1, -1e100, 1]), 2);
  assert.equal(sequentialSum([1e100, 1, -1e100, 1]), 1);
  assert.equal(meanBy([], 'numpy'), 0);
});
