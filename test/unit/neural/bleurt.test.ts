import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBleurt } from '../../../src/core/metrics/neural/bleurt';
import { TINY_BLEURT, TOLERANCE, expectedValues } from './fixtures';

const expected = expectedValues();
const signal = new AbortController().signal;

test('BLEURT (reference, candidate) logits match the independent torch computation on every pair, long pairs cut longest_first', async () => {
  const metric = await createBleurt({ model: TINY_BLEURT, cwd: process.cwd(), env: {} });
  try {
    let truncated = 0;
    for (const c of expected.cases) {
      const scores = await metric.scoreAll(
        c.hypothesis,
        c.references.map((r) => r.reference),
        signal,
      );
      c.references.forEach((r, i) => {
        const score = scores[i] ?? Number.NaN;
        assert.ok(
          Math.abs(score - r.bleurt.score) <= TOLERANCE,
          `${JSON.stringify(c.hypothesis.slice(0, 30))} / ${JSON.stringify(r.reference.slice(0, 30))}: ${score} vs ${r.bleurt.score}`,
        );
        if (r.bleurt.truncated) truncated += 1;
      });
    }
    assert.ok(truncated > 0);
    assert.equal(metric.truncations(), truncated);
    assert.match(metric.record.truncation, /longest_first/);
  } finally {
    await metric.release();
  }
});
