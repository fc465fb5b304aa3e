import assert from 'node:assert/strict';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import { allocateCpuBuffer } from '../../../src/core/runtimes/gguf/ggmlApi';
import { bindRowExponentials } from '../../../src/core/runtimes/gguf/ggmlRowKernel';
import { KernelLogSoftmax } from '../../../src/core/runtimes/gguf/kernelLogSoftmax';
import { loadLlamaRuntime } from '../../../src/core/runtimes/gguf/llamaLibrary';
import * as z from 'zod';
import { assertNearExact, nativeRows } from '../../helpers/logitRows';
import { mulberry32 } from '../../server/rng';

const GcDetailSchema = z.object({ detail: z.object({ kind: z.number() }) });

describe("ggml's vectorised row kernel for the log-softmax", () => {
  it('is found in the CPU backend ggml loaded here, and refused where it is missing or means something else', async (t) => {
    if (process.platform === 'win32') return t.skip("Windows builds of ggml-cpu export no row kernel: the graph's log-softmax is used");
    const runtime = await loadLlamaRuntime(false);
    assert.ok(runtime.cpuBackend !== null, 'ggml loaded a CPU backend from the binary folder');
    const softmax = KernelLogSoftmax.open(runtime, 1000);
    assert.ok(softmax !== null, `${runtime.cpuBackend} exports ggml_vec_soft_max_f32`);
    softmax.dispose();
    const { buffer, base } = allocateCpuBuffer(runtime.ggml, 4 * 64);
    try {
      const { koffi } = runtime.api;
      assert.equal(bindRowExponentials(koffi, runtime.cpuBackend, base, 'ggml_vec_soft_max_f32_absent'), null);
      // Same C signature, another result (the log of the sum): the known row's check refuses it.
      assert.equal(bindRowExponentials(koffi, runtime.cpuBackend, base, 'ggml_vec_log_soft_max_f32'), null);
      assert.notEqual(bindRowExponentials(koffi, runtime.cpuBackend, base), null);
    } finally {
      runtime.ggml.ggml_backend_buffer_free(buffer);
    }
  });

  it("gives each target its float64 log-prob at 5 000 and at Llama 3's 128 256 entries: far-below tokens, a maximum far above every target", async (t) => {
    if (process.platform === 'win32') return t.skip('no row kernel on Windows');
    const runtime = await loadLlamaRuntime(false);
    for (const V of [5000, 128_256]) {
      const random = mulberry32(V);
      const rows = [0, 1, 2, 3, 4].map(() => Float32Array.from({ length: V }, () => (random() - 0.5) * 20));
      // Row 1: a token 150 nats below the rest (its float32 probability is 0). Row 2: a near-certain token.
      // Row 3: the row's last entry 95 nats above every target (exp overflows float32 from the targets' shift).
      // Row 4: no targets.
      (rows[1] as Float32Array)[17] = -160;
      (rows[2] as Float32Array)[99] = 60;
      (rows[3] as Float32Array)[V - 1] = 105;
      const targets = [[0, V - 1], [17, 3], [99, 1, 2], [0, 1234], []];
      const native = nativeRows(runtime, rows, V);
      const softmax = KernelLogSoftmax.open(runtime, V);
      assert.ok(softmax !== null);
      try {
        const got = await softmax.logProbs(native.logits, targets);
        assertNearExact(rows, targets, got);
        assert.ok((got[1]?.[0] ?? 0) < -150, 'the token 150 nats below keeps its value');
        assert.ok((got[3]?.[0] ?? 0) < -90, 'the maximum far above the targets is found');
        assert.deepEqual(got[4], []);
        await assert.rejects(async () => softmax.logProbs(native.logits, [[V]]), /outside the vocabulary/);
      } finally {
        softmax.dispose();
        native.free();
      }
    }
  });

  it('gives NaN for a row holding a NaN (the scoring refuses it), not a number', async (t) => {
    if (process.platform === 'win32') return t.skip('no row kernel on Windows');
    const runtime = await loadLlamaRuntime(false);
    const V = 300;
    const row = Float32Array.from({ length: V }, (_, i) => i / 100);
    row[7] = Number.NaN;
    const native = nativeRows(runtime, [row], V);
    const softmax = KernelLogSoftmax.open(runtime, V);
    assert.ok(softmax !== null);
    try {
      const [got] = await softmax.logProbs(native.logits, [[3, 7]]);
      assert.ok(got?.every(Number.isNaN), String(got));
    } finally {
      softmax.dispose();
      native.free();
    }
  });

  it("reads llama.cpp's rows by address: 40 decodes' worth of 130 rows of 128 256 entries cost V8 no full collections", async (t) => {
    if (process.platform === 'win32') return t.skip('no row kernel on Windows');
    const runtime = await loadLlamaRuntime(false);
    const V = 128_256;
    const random = mulberry32(5);
    const rows = Array.from({ length: 130 }, () => Float32Array.from({ length: V }, () => (random() - 0.5) * 20));
    const native = nativeRows(runtime, rows, V);
    const softmax = KernelLogSoftmax.open(runtime, V);
    assert.ok(softmax !== null);
    let full = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (GcDetailSchema.safeParse(entry.toJSON()).data?.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
    });
    observer.observe({ entryTypes: ['gc'] });
    try {
      // An ArrayBuffer view of each decode's 67 MB of logits made V8 count it as external memory and run a full
      // collection after nearly every decode (140 in 160 decodes when it was tried).
      for (let decode = 0; decode < 40; decode++)
        await softmax.logProbs(
          native.logits,
          rows.map((_, r) => [r]),
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.ok(full <= 3, `${full} full garbage collections`);
    } finally {
      observer.disconnect();
      softmax.dispose();
      native.free();
    }
  });
});
