// A run scores the answers of the items in flight at once (its concurrency): BERTScore keeps the references'
// vectors in a bounded cache that those calls share. Every answer in flight at once gives exactly the scores
// of one answer after the other, and both are within tolerance of the independent expected values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBertScore } from '../../../src/core/metrics/neural/bertScore';
import { createBleurt } from '../../../src/core/metrics/neural/bleurt';
import { type NeuralMetric } from '../../../src/core/metrics/neural/neuralMetric';
import { OnnxModel } from '../../../src/core/runtimes/onnx/onnxSession';
import { TINY_BLEURT, TINY_ENCODER, TOLERANCE, expectedValues } from './fixtures';

const expected = expectedValues();
const signal = new AbortController().signal;
const place = { cwd: process.cwd(), env: {} };
type Reference = (typeof expected.cases)[number]['references'][number];
const metrics = {
  bertscore: {
    create: () => createBertScore({ ...place, model: TINY_ENCODER, layer: 2, idf: false, rescaleFile: null }),
    want: (r: Reference) => r.layer2.F,
  },
  bleurt: { create: () => createBleurt({ ...place, model: TINY_BLEURT }), want: (r: Reference) => r.bleurt.score },
};

for (const [name, { create, want }] of Object.entries(metrics)) {
  test(`${name}: every answer in flight at once gives the scores of one answer after the other`, async () => {
    const sequential: NeuralMetric<unknown> = await create();
    const concurrent: NeuralMetric<unknown> = await create();
    try {
      const one: number[][] = [];
      for (const c of expected.cases)
        one.push(
          await sequential.scoreAll(
            c.hypothesis,
            c.references.map((r) => r.reference),
            signal,
          ),
        );
      const all = await Promise.all(
        expected.cases.map((c) =>
          concurrent.scoreAll(
            c.hypothesis,
            c.references.map((r) => r.reference),
            signal,
          ),
        ),
      );
      assert.deepEqual(all, one);
      expected.cases.forEach((c, i) =>
        c.references.forEach((r, k) =>
          assert.ok(Math.abs((all[i]?.[k] ?? Number.NaN) - want(r)) <= TOLERANCE, `case ${i}, reference ${k}`),
        ),
      );
    } finally {
      await sequential.release();
      await concurrent.release();
    }
  });
}

test('bertscore: answers in flight at once that share references embed each reference once, with the scores of one answer after the other', async () => {
  const create = metrics.bertscore.create;
  const shared = expected.cases.slice(0, 3).map((c) => c.hypothesis);
  const answers = ['Ang aswang ay nilalang sa alamat.', 'Magmano sa nakatatanda.', 'Hindi ko alam.', 'Kumain muna bago umalis.'];
  const sequential: NeuralMetric<unknown> = await create();
  const concurrent: NeuralMetric<unknown> = await create();
  const original = OnnxModel.prototype.run;
  let sequences = 0;
  try {
    const one: number[][] = [];
    for (const answer of answers) one.push(await sequential.scoreAll(answer, shared, signal));
    OnnxModel.prototype.run = function counting(this: OnnxModel, inputs, outputs) {
      sequences += inputs.length;
      return original.call(this, inputs, outputs);
    };
    const all = await Promise.all(answers.map((answer) => concurrent.scoreAll(answer, shared, signal)));
    assert.deepEqual(all, one);
    assert.equal(sequences, answers.length + shared.length, 'each answer and each shared reference through the encoder once');
  } finally {
    OnnxModel.prototype.run = original;
    await sequential.release();
    await concurrent.release();
  }
});
