import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBertScore } from '../../../src/core/metrics/neural/bertScore';
import { BASELINE_FILE, TINY_ENCODER, TOLERANCE, expectedValues } from './fixtures';

const expected = expectedValues();
const signal = new AbortController().signal;
const base = { model: TINY_ENCODER, cwd: process.cwd(), env: {}, idf: false, rescaleFile: null };

function assertClose(actual: number[], wanted: number[], what: string): void {
  assert.equal(actual.length, wanted.length);
  actual.forEach((value, i) => {
    assert.ok(Math.abs(value - (wanted[i] ?? Number.NaN)) <= TOLERANCE, `${what}, reference ${i}: ${value} vs ${wanted[i]}`);
  });
}

for (const layer of [1, 2] as const) {
  test(`BERTScore F1 at layer ${layer} matches the independent torch computation on every pair (empty, whitespace, long, accents and case)`, async () => {
    const metric = await createBertScore({ ...base, layer });
    try {
      assert.equal(metric.record.output, layer === 2 ? 'last_hidden_state' : 'hidden_states.1');
      for (const c of expected.cases) {
        const scores = await metric.scoreAll(
          c.hypothesis,
          c.references.map((r) => r.reference),
          signal,
        );
        assertClose(
          scores,
          c.references.map((r) => r[`layer${layer}`].F),
          JSON.stringify(c.hypothesis.slice(0, 30)),
        );
      }
      assert.ok(metric.truncations() > 0, 'the long texts were cut');
    } finally {
      await metric.release();
    }
  });
}

test('BERTScore with idf (from the item references) and with a rescale baseline matches the independent computation', async () => {
  const idf = await createBertScore({ ...base, layer: 2, idf: true });
  const rescaled = await createBertScore({ ...base, layer: 2, rescaleFile: BASELINE_FILE });
  try {
    assert.deepEqual(rescaled.record.rescale?.f1, 0.4);
    for (const c of expected.cases) {
      const refs = c.references.map((r) => r.reference);
      assertClose(
        await idf.scoreAll(c.hypothesis, refs, signal),
        c.references.map((r) => r.layer2Idf),
        'idf',
      );
      assertClose(
        await rescaled.scoreAll(c.hypothesis, refs, signal),
        c.references.map((r) => r.layer2Rescaled),
        'rescaled',
      );
    }
  } finally {
    await idf.release();
    await rescaled.release();
  }
});

test('BERTScore gives the same scores whether references come from the cache or a fresh batch', async () => {
  const metric = await createBertScore({ ...base, layer: 2 });
  try {
    const c = expected.cases[0];
    assert.ok(c !== undefined);
    const refs = c.references.map((r) => r.reference);
    const first = await metric.scoreAll(c.hypothesis, refs, signal);
    const again = await metric.scoreAll(c.hypothesis, refs, signal);
    assert.deepEqual(again, first);
    assert.equal(metric.record.model.maxLength, expected.maxLength);
    assert.equal(metric.record.model.files.length, 4);
    assert.match(metric.record.model.onnxruntime, /^1\.30\./);
  } finally {
    await metric.release();
  }
});
