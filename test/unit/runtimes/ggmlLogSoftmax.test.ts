import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GgmlLogSoftmax } from '../../../src/core/runtimes/gguf/ggmlLogSoftmax';
import { loadLlamaRuntime } from '../../../src/core/runtimes/gguf/llamaLibrary';
import { assertNearExact, nativeRows } from '../../helpers/logitRows';
import { mulberry32 } from '../../server/rng';

describe("ggml's native log-softmax over a logits buffer", () => {
  it('gives each target its float64 log-prob within 1e-6, and recomputes a probability below float32 range exactly', async () => {
    const runtime = await loadLlamaRuntime(false);
    const { koffi } = runtime.api;
    const g = runtime.ggml;
    const V = 5000;
    const random = mulberry32(7);
    const rows = [0, 1, 2].map(() => Float32Array.from({ length: V }, () => (random() - 0.5) * 20));
    // Row 1: one token 150 nats below the rest (its float32 probability is 0); row 2: a near-certain token.
    (rows[1] as Float32Array)[17] = -160;
    (rows[2] as Float32Array)[99] = 60;
    const { logits, free } = nativeRows(runtime, rows, V);
    const softmax = new GgmlLogSoftmax(koffi, g, V, 4, 8, 1);
    try {
      const targets = [
        [0, 4999],
        [17, 3],
        [99, 1, 2],
      ];
      const got = await softmax.logProbs(logits, targets);
      assertNearExact(rows, targets, got);
      assert.ok((got[1]?.[0] ?? 0) < -150, 'the underflowing token is recomputed, not recorded at a bound');
      await assert.rejects(softmax.logProbs(logits, [[V]]), /outside the vocabulary/);
    } finally {
      softmax.dispose();
      free();
    }
  });

  it("large rows (Llama 3's 128 256 entries) on two threads: a maximum that is its row's last entry, a token 200 nats below", async () => {
    const runtime = await loadLlamaRuntime(false);
    const { koffi } = runtime.api;
    const g = runtime.ggml;
    const V = 128_256;
    const random = mulberry32(11);
    const rows = [0, 1].map(() => Float32Array.from({ length: V }, () => (random() - 0.5) * 30));
    // Row 0: the maximum, 90 nats above the rest, is the row's last entry (a maximum taken over part of the row
    // would overflow the exponentials); row 1: the maximum first, and a token 200 nats below it.
    (rows[0] as Float32Array)[V - 1] = 105;
    (rows[1] as Float32Array)[0] = 80;
    (rows[1] as Float32Array)[5] = -120;
    const { logits, free } = nativeRows(runtime, rows, V);
    const softmax = new GgmlLogSoftmax(koffi, g, V, 2, 8, 2);
    try {
      const targets = [
        [V - 1, 0, 64_000],
        [0, 5, V - 1],
      ];
      const got = await softmax.logProbs(logits, targets);
      assertNearExact(rows, targets, got);
      assert.ok(Math.abs(got[0]?.[0] ?? Number.NaN) < 1e-6, 'the maximum 90 nats above the rest has probability 1');
      assert.ok((got[1]?.[1] ?? 0) < -190, 'the token 200 nats below the maximum is recomputed from the logits');
    } finally {
      softmax.dispose();
      free();
    }
  });
});
