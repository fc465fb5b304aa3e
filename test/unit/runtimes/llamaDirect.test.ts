import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { GgufModel } from '../../../src/core/runtimes/gguf/ggufModel';
import { loadLlamaRuntime } from '../../../src/core/runtimes/gguf/llamaLibrary';
import { STRUCT_SIZES, layoutMismatches, probeLayouts } from '../../../src/core/runtimes/gguf/llamaLayout';
import { defaultSoftmaxThreads, defaultThreads } from '../../../src/core/runtimes/gguf/llamaLoad';
import { GRAPH_LOGPROBS_METHOD } from '../../../src/core/runtimes/gguf/ggmlLogSoftmax';
import { KERNEL_LOGPROBS_METHOD } from '../../../src/core/runtimes/gguf/kernelLogSoftmax';
import { referenceTokenLogprobs } from '../../fixtures/gguf/llamaReference';
import { type TinyLlamaWeights, writeTinyLlamaGguf } from '../../fixtures/gguf/tinyLlama';
import { scratchDir } from '../../helpers/scratch';

const WORDS = [
  'Pagtutulungan',
  'ng mga tao',
  'sa bayan',
  'ang bayanihan',
  'ay',
  'isang uri',
  'ng pagkain',
  'kaugalian',
  'Pilipino',
  'the',
  'is',
];

/** Distinct reference texts of varied lengths, from a seeded walk over the words. */
function references(count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => Array.from({ length: 2 + (i % 7) }, (_, k) => WORDS[(i * 5 + k * 3) % WORDS.length]).join(' ') + (i % 2 === 0 ? '.' : '?'),
  );
}

describe('llama.cpp through its C API (koffi)', () => {
  const dir = scratchDir('llama-direct');
  const path = join(dir, 'tiny.gguf');
  let weights: TinyLlamaWeights;
  let model: GgufModel;
  const signal = new AbortController().signal;
  const user = { role: 'user' as const, content: 'Ano ang kahulugan ng bayanihan?' };

  before(async () => {
    weights = writeTinyLlamaGguf(path, 4321);
    model = await GgufModel.open({ path, gpuLayers: 0, contextSize: 2048, threads: 1 });
  });
  after(async () => {
    await model.dispose();
  });

  it('checks the structs against the default-params functions: the real library agrees, a shifted or resized layout is refused', async () => {
    const runtime = await loadLlamaRuntime(false);
    const koffi = runtime.api.koffi;
    const probe = probeLayouts(koffi, runtime.llamaLib);
    assert.deepEqual(layoutMismatches(probe, STRUCT_SIZES), []);
    const shifted = { ...probe, contextParams: Buffer.concat([Buffer.alloc(4), probe.contextParams]) };
    const problems = layoutMismatches(shifted, STRUCT_SIZES);
    assert.ok(problems.length >= 5, problems.join('; '));
    assert.match(problems[0] ?? '', /^llama_context_params\.n_ctx at byte 0 is 0, expected 512$/);
    assert.deepEqual(layoutMismatches(probe, { ...STRUCT_SIZES, batch: 48 }), ['koffi lays out batch in 48 bytes, llama.h v0.4.0 in 56']);
    const noPointers = { ...probe, batch: Buffer.alloc(probe.batch.length) };
    assert.ok(layoutMismatches(noPointers, STRUCT_SIZES).some((p) => /^llama_batch\.token at byte 8 is 0, expected non-null$/.test(p)));
  });

  it("records how it ran: the C API, ggml's row kernel, half the cores for the decodes (every core for a graph log-softmax)", () => {
    assert.match(model.runtime.calls ?? '', /^llama\.cpp C API through koffi \d+\.\d+\.\d+$/);
    assert.equal(model.runtime.logprobs, process.platform === 'win32' ? GRAPH_LOGPROBS_METHOD : KERNEL_LOGPROBS_METHOD);
    assert.equal(model.runtime.threads, 1);
    assert.equal(defaultThreads(2), 1);
    assert.equal(defaultThreads(1), 1);
    assert.equal(defaultThreads(8), 4);
    // The graph's log-softmax runs between the decodes, when no decode holds a core.
    assert.equal(defaultSoftmaxThreads(2), 2);
    assert.equal(defaultSoftmaxThreads(8), 8);
    assert.equal(defaultSoftmaxThreads(1), 1);
  });

  it('scores 40 references together (three groups of sequences sharing the prefix) exactly as one at a time, within 1e-5 of float64', async () => {
    const prefix = model.tokenize(model.render([user], true) ?? '').tokens;
    const full = references(40).map((r) => model.tokenize(model.render([user, { role: 'assistant', content: r }], false) ?? '').tokens);
    const together = await model.scoreAfterPrefix(prefix, full, signal);
    let worst = 0;
    for (const [i, tokens] of full.entries()) {
      const [alone] = await model.scoreAfterPrefix(prefix, [tokens], signal);
      const batched = together[i];
      assert.ok(alone !== undefined && batched !== undefined);
      assert.deepEqual(batched.tokens, tokens);
      assert.equal(batched.scoredFrom, prefix.length);
      batched.logprobs.forEach((value, k) =>
        assert.ok(
          Math.abs(value - (alone.logprobs[k] ?? Number.NaN)) < 1e-5,
          `reference ${i} token ${k}: ${value} together, ${alone.logprobs[k]} alone`,
        ),
      );
      const expected = referenceTokenLogprobs(weights, tokens, prefix.length);
      batched.logprobs.forEach((value, k) => (worst = Math.max(worst, Math.abs(value - (expected[k] ?? Number.NaN)))));
    }
    assert.ok(worst < 1e-5, `largest difference from the float64 reference ${worst}`);
  });

  it('scores a continuation whose tokens part from the prefix inside it, and one with a single scored token', async () => {
    const prefix = model.tokenize('<s><|im_start|>user\nAng pagkain').tokens;
    const apart = model.tokenize('<s><|im_start|>user\nAng pagkaing masarap').tokens;
    const shared = prefix.findIndex((t, i) => apart[i] !== t);
    assert.ok(shared > 0 && shared < prefix.length, 'the continuation parts from the prefix inside it');
    const one = [...prefix, 42];
    const scored = await model.scoreAfterPrefix(prefix, [apart, one], signal);
    for (const result of scored) {
      const expected = referenceTokenLogprobs(weights, result.tokens, prefix.length);
      assert.equal(result.logprobs.length, result.tokens.length - prefix.length);
      result.logprobs.forEach((v, k) =>
        assert.ok(Math.abs(v - (expected[k] ?? Number.NaN)) < 1e-5, `token ${k}: ${v}, reference ${expected[k]}`),
      );
    }
  });

  it('at a 32 000-token vocabulary scores every token within 1e-5 of the float64 reference', async () => {
    const widePath = join(dir, 'wide.gguf');
    const wide = writeTinyLlamaGguf(widePath, 4322, { vocabularySize: 32_000 });
    const wideModel = await GgufModel.open({ path: widePath, gpuLayers: 0, contextSize: 512, threads: 1 });
    try {
      const prefix = wideModel.tokenize(wideModel.render([user], true) ?? '').tokens;
      const full = references(2).map(
        (r) => wideModel.tokenize(wideModel.render([user, { role: 'assistant', content: r }], false) ?? '').tokens,
      );
      for (const result of await wideModel.scoreAfterPrefix(prefix, full, signal)) {
        const expected = referenceTokenLogprobs(wide, result.tokens, result.scoredFrom);
        assert.deepEqual(result.underflowed, []);
        result.logprobs.forEach((v, k) =>
          assert.ok(Math.abs(v - (expected[k] ?? Number.NaN)) < 1e-5, `token ${k}: ${v}, reference ${expected[k]}`),
        );
      }
    } finally {
      await wideModel.dispose();
    }
  });

  it('stops between decodes when the signal is aborted in the middle of an item', async () => {
    const prefix = model.tokenize(model.render([user], true) ?? '').tokens;
    const long = references(200).map(
      (r) => model.tokenize(model.render([user, { role: 'assistant', content: `${r} ${r} ${r}` }], false) ?? '').tokens,
    );
    let started = performance.now();
    await model.scoreAfterPrefix(prefix, long, signal);
    const whole = performance.now() - started;
    const controller = new AbortController();
    started = performance.now();
    setTimeout(() => controller.abort(), whole / 5);
    await assert.rejects(model.scoreAfterPrefix(prefix, long, controller.signal), { name: 'AbortError' });
    const stopped = performance.now() - started;
    assert.ok(stopped < whole * 0.6, `stopped after ${stopped.toFixed(0)} ms of a ${whole.toFixed(0)} ms item`);
    const [after] = await model.scoreAfterPrefix(prefix, long.slice(0, 1), signal);
    const expected = referenceTokenLogprobs(weights, long[0] ?? [], prefix.length);
    after?.logprobs.forEach(
      (v, k) => assert.ok(Math.abs(v - (expected[k] ?? Number.NaN)) < 1e-4),
      'the next call starts from a clean cache',
    );
  });
});
