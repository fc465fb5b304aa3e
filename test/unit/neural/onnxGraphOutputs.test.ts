// The graph outputs read from an ONNX file's protobuf (what Start Run checks a model folder with, without
// loading the model) are the ones ONNX Runtime sees; a file that is not an ONNX model is refused naming it.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadOnnxRuntime } from '../../../src/core/runtimes/onnx/onnxRuntime';
import { onnxGraphOutputs } from '../../../src/core/runtimes/onnx/onnxGraphOutputs';
import { UserError } from '../../../src/core/util/errors';
import { scratchDir } from '../../helpers/scratch';
import { TINY_BLEURT, TINY_ENCODER } from './fixtures';

test('the tiny models’ outputs, as ONNX Runtime lists them', async () => {
  const ort = await loadOnnxRuntime();
  for (const dir of [TINY_ENCODER, TINY_BLEURT]) {
    const path = join(dir, 'onnx', 'model.onnx');
    const session = await ort.InferenceSession.create(path);
    try {
      assert.deepEqual(onnxGraphOutputs(path), [...session.outputNames], path);
    } finally {
      await session.release();
    }
  }
  assert.deepEqual(onnxGraphOutputs(join(TINY_ENCODER, 'onnx', 'model.onnx')), ['last_hidden_state', 'hidden_states.1']);
  assert.deepEqual(onnxGraphOutputs(join(TINY_BLEURT, 'onnx', 'model.onnx')), ['logits']);
});

test('a file that is not an ONNX model, or is cut short, is refused in one line naming it', () => {
  const dir = scratchDir('onnx-outputs');
  const text = join(dir, 'text.onnx');
  writeFileSync(text, 'not a model');
  const cut = join(dir, 'cut.onnx');
  const whole = readFileSync(join(TINY_ENCODER, 'onnx', 'model.onnx'));
  writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
  for (const path of [text, cut, join(dir, 'absent.onnx')]) {
    assert.throws(
      () => onnxGraphOutputs(path),
      (error: unknown) => error instanceof UserError && error.message.startsWith(`${path}: `) && !error.message.includes('\n'),
      path,
    );
  }
});
