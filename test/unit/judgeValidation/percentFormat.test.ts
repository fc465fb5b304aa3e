import { test } from 'node:test';
import assert from 'node:assert/strict';
import { percent } from '../../../src/core/judgeValidation/format';
import { percentOfItems } from '../../../webview/format';

test('percent: a fraction with the given decimals; nothing to show is "n/a" or the caller\'s mark', () => {
  assert.equal(percent(0.6234), '62.3%');
  assert.equal(percent(0.6234, 2), '62.34%');
  assert.equal(percent(1), '100.0%');
  assert.equal(percent(null), 'n/a');
  assert.equal(percent(undefined), 'n/a');
  assert.equal(percent(Number.NaN), 'n/a');
  assert.equal(percent(Number.POSITIVE_INFINITY, 1, '—'), '—');
});

test("the review page's share of items uses the same percent, and shows a dash for no items or no share", () => {
  assert.equal(percentOfItems(0.25, 4), '25.0%');
  assert.equal(percentOfItems(2 / 3, 3), '66.7%');
  assert.equal(percentOfItems(0, 0), '—');
  assert.equal(percentOfItems(null, 3), '—');
  assert.equal(percentOfItems(Number.NaN, 3), '—');
});
