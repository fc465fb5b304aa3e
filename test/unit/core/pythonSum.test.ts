import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pythonSum } from '../../../src/core/util/pythonSum';

// Each expected value is what CPython 3.12.1's sum() returned for the list (ints marked), beside 3.11's plain sum.
const CASES: { values: number[]; ints: number[]; python312: number; python311: number }[] = [
  { values: Array<number>(10).fill(0.1), ints: [], python312: 1.0, python311: 0.9999999999999999 },
  { values: [0.1, 1, 0.1, 0.2, 3, 1e16, 1.0, -1e16], ints: [1, 4], python312: 5.4, python311: 4.0 },
  { values: [1e100, 1.0, -1e100, 1.0], ints: [], python312: 2.0, python311: 1.0 },
  { values: [0.3, 1, 1e-17, 1e17, 0.3, 2, -1e17], ints: [1, 5], python312: 1.6, python311: 0.0 },
  { values: [1e16, 1, 1, -1e16], ints: [1, 2], python312: 0.0, python311: 0.0 },
  { values: [0, 0, 0.25, 0.5, 0, 1.0], ints: [0, 1, 4], python312: 1.75, python311: 1.75 },
];

test("pythonSum: CPython 3.12's sum(), compensated for floats, ints after a float added plainly", () => {
  for (const { values, ints, python312, python311 } of CASES) {
    assert.equal(
      pythonSum(values, (i) => ints.includes(i)),
      python312,
      JSON.stringify(values),
    );
    assert.equal(
      values.reduce((a, b) => a + b, 0),
      python311,
      'a plain sum is what 3.11 gives',
    );
  }
  assert.equal(pythonSum([]), 0);
  assert.equal(
    pythonSum([3, 4], () => true),
    7,
  );
});
