// An ONNX session runs on a thread of its own: the JS thread (the extension host's, the CLI's) goes on while
// a forward pass is under way, the outputs are those of a session on the JS thread, and runs asked for
// before a release are carried out while a run after it is refused.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { loadOnnxRuntime } from '../../../src/core/runtimes/onnx/onnxRuntime';
import { OnnxModel } from '../../../src/core/runtimes/onnx/onnxSession';
import { type EncodedInput } from '../../../src/core/runtimes/onnx/specialTokens';
import { TINY_ENCODER } from './fixtures';

const ONNX = join(TINY_ENCODER, 'onnx', 'model.onnx');
const PAD = 0;

/** `rows` sequences of `length` tokens, ids varying so that no two rows are alike. */
function batch(rows: number, length: number): EncodedInput[] {
  return Array.from({ length: rows }, (_, row) => ({
    ids: Array.from({ length: length - (row % 3) }, (_, col) => 1 + ((row * 31 + col * 7) % 90)),
    typeIds: Array.from({ length: length - (row % 3) }, () => 0),
    truncated: false,
  }));
}

test('the JS thread takes turns while forward passes are under way', async () => {
  const model = await OnnxModel.open(ONNX, PAD);
  try {
    await model.run(batch(2, 8), ['last_hidden_state']);
    let done = false;
    const runs = Promise.all(Array.from({ length: 20 }, () => model.run(batch(64, 48), ['last_hidden_state']))).finally(
      () => (done = true),
    );
    let turns = 0;
    while (!done) {
      await nextTurn();
      turns += 1;
    }
    await runs;
    // A session.run on this thread holds it for the whole pass: one turn per run at most.
    assert.ok(turns > 100, `${turns} turns of the event loop during 20 forward passes`);
  } finally {
    await model.release();
  }
});

test('the outputs are those of a session on the JS thread, padding included', async () => {
  const ort = await loadOnnxRuntime();
  const model = await OnnxModel.open(ONNX, PAD);
  const session = await ort.InferenceSession.create(ONNX);
  try {
    const inputs = batch(5, 12);
    const out = await model.run(inputs, ['last_hidden_state', 'hidden_states.1']);
    const length = 12;
    const ids = new BigInt64Array(inputs.length * length).fill(BigInt(PAD));
    const mask = new BigInt64Array(inputs.length * length);
    inputs.forEach((input, row) =>
      input.ids.forEach((id, col) => {
        ids[row * length + col] = BigInt(id);
        mask[row * length + col] = 1n;
      }),
    );
    const dims = [inputs.length, length];
    const feeds: Record<string, InstanceType<typeof ort.Tensor>> = {
      input_ids: new ort.Tensor('int64', ids, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
    };
    if (session.inputNames.includes('token_type_ids'))
      feeds['token_type_ids'] = new ort.Tensor('int64', new BigInt64Array(inputs.length * length), dims);
    const direct = await session.run(feeds, ['last_hidden_state', 'hidden_states.1']);
    for (const name of ['last_hidden_state', 'hidden_states.1']) {
      assert.deepEqual(out[name]?.dims, direct[name]?.dims, name);
      assert.deepEqual(out[name]?.data, direct[name]?.data, name);
    }
  } finally {
    await session.release();
    await model.release();
  }
});

test('runs asked for before a release are carried out; a run after it is refused naming the model', async () => {
  const model = await OnnxModel.open(ONNX, PAD);
  const before = Array.from({ length: 5 }, (_, k) => model.run(batch(4 + k, 10), ['last_hidden_state']));
  await model.release();
  const outputs = await Promise.all(before);
  outputs.forEach((out, k) => assert.deepEqual(out['last_hidden_state']?.dims, [4 + k, 10, 32]));
  await assert.rejects(model.run(batch(1, 4), ['last_hidden_state']), (error: Error) =>
    error.message.startsWith(`${ONNX}: the forward pass failed (the session was released)`),
  );
});

test('an output the model does not have fails that run, naming the model, and the session goes on', async () => {
  const model = await OnnxModel.open(ONNX, PAD);
  try {
    await assert.rejects(model.run(batch(2, 6), ['logits']), (error: Error) =>
      error.message.startsWith(`${ONNX}: the forward pass failed (`),
    );
    const out = await model.run(batch(2, 6), ['last_hidden_state']);
    assert.deepEqual(out['last_hidden_state']?.dims, [2, 6, 32]);
  } finally {
    await model.release();
  }
});
