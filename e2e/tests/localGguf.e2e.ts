// Kalahi MC with no server, in a real VS Code: Start Run → Kalahi → Multiple choice → Local model file (GGUF)
// → a model Ollama has pulled (a store laid out as Ollama lays it out, holding the tiny seeded GGUF of the
// unit tests) → 10 items. The runtime is found where the README tells a user to install it: node-llama-cpp and koffi
// in the workspace's node_modules. The run folder holds llama.cpp's log-probs for every reference, and the
// review that opens at the end shows them as bars with MC1 and MC2.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeTinyLlamaGguf } from '../../test/fixtures/gguf/tinyLlama';
import { REPO_ROOT, answerQuickPick, packageVsix, runCommand, scratchDir, screenshot, webviewFrame, withWorkbench } from '../lib';
import { type NativeProcess, processesWithEnv } from '../helpers/nativeLibraries';
import { fakeOllamaStore } from '../helpers/ollamaStore';
import { DATA_DIR, readLines, until } from '../helpers/runFiles';

interface McReference {
  readonly score: number;
  readonly tokenLogprobs?: readonly number[];
}
interface Line {
  readonly itemId: string;
  readonly error: unknown;
  readonly mc?: {
    readonly backend: string;
    readonly mc1: number;
    readonly mc2: number;
    readonly relevant: readonly McReference[];
    readonly irrelevant: readonly McReference[];
  };
}

test(
  'Kalahi MC on a local GGUF from the palette: an Ollama model, no server, log-probs as bars in the review',
  { timeout: 600_000 },
  async (t) => {
    assert.ok(
      existsSync(join(DATA_DIR, 'kalahi', 'filipino.csv')),
      `official data not found under ${DATA_DIR} (set EVAL_ADJUDICATOR_DATA)`,
    );
    const runtime = join(REPO_ROOT, 'node_modules', 'node-llama-cpp');
    assert.ok(existsSync(join(runtime, 'package.json')), `node-llama-cpp is not installed in ${REPO_ROOT} (npm ci installs it)`);
    const root = scratchDir('local-gguf');
    const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(root, 'eval-adjudicator.vsix') });
    const workspaceDir = join(root, 'workspace');
    mkdirSync(join(workspaceDir, 'node_modules'), { recursive: true });
    symlinkSync(runtime, join(workspaceDir, 'node_modules', 'node-llama-cpp'), 'dir');
    const koffi = join(REPO_ROOT, 'node_modules', 'koffi');
    assert.ok(existsSync(join(koffi, 'package.json')), `koffi is not installed in ${REPO_ROOT} (npm ci installs it)`);
    symlinkSync(koffi, join(workspaceDir, 'node_modules', 'koffi'), 'dir');
    const modelPath = join(root, 'tiny.gguf');
    writeTinyLlamaGguf(modelPath, 77);
    const store = fakeOllamaStore(root, readFileSync(modelPath));

    const env = {
      EVAL_ADJUDICATOR_DATA: DATA_DIR,
      EVAL_ADJUDICATOR_CACHE: join(root, 'cache'),
      OLLAMA_MODELS: store,
      NODE_LLAMA_CPP_SKIP_DOWNLOAD: 'true',
    };
    // One llama.cpp thread: CI's machine runs code-server and Chromium beside it, and llama.cpp's threads
    // spin-wait on each other when the cores are taken (minutes instead of seconds for this tiny model).
    const settings = { 'evalAdjudicator.localModelThreads': 1 };
    // llama.cpp runs in a process of its own: watched while the run goes, every process of this code-server
    // (told apart by its cache folder in their environment) and which native model libraries each maps.
    const marker = `EVAL_ADJUDICATOR_CACHE=${env.EVAL_ADJUDICATOR_CACHE}`;
    const runtimes = new Map<number, NativeProcess>();
    const watch = setInterval(() => {
      for (const p of processesWithEnv(marker)) if (p.cmdline.includes('ggufRuntime.js') && p.libraries.length > 0) runtimes.set(p.pid, p);
    }, 50);
    t.after(() => clearInterval(watch));
    await withWorkbench({ name: 'local-gguf', vsixPath, workspaceDir, env, settings, signal: t.signal }, async ({ page }) => {
      await runCommand(page, 'Eval Adjudicator: Start Run…');
      await answerQuickPick(page, 'Kalahi');
      await answerQuickPick(page, 'Multiple choice');
      await answerQuickPick(page, 'Local model file (GGUF)');
      await answerQuickPick(page, 'tiny:latest');
      await answerQuickPick(page, 'First 10 items');

      const runsDir = join(workspaceDir, 'runs');
      const runName = await until(
        'the run folder',
        () => (existsSync(runsDir) ? readdirSync(runsDir).find((d) => d.startsWith('kalahi-tiny-latest-')) : undefined),
        120_000,
      );
      const run = join(runsDir, runName);
      await until(
        'the run to finish',
        () =>
          existsSync(join(run, 'run.json')) &&
          (JSON.parse(readFileSync(join(run, 'run.json'), 'utf8')) as { status: string }).status === 'finished'
            ? true
            : undefined,
        240_000,
      );
      clearInterval(watch);
      assert.ok(runtimes.size >= 1, 'the model ran in a process of the bundled runtime (dist/ggufRuntime.js) with llama.cpp loaded');
      assert.ok(
        [...runtimes.values()].every((p) => p.libraries.some((l) => /libllama/.test(l))),
        'the runtime process mapped libllama',
      );
      const loaded = processesWithEnv(marker).filter((p) => p.libraries.length > 0);
      assert.deepEqual(loaded, [], 'after the run no process of code-server (the extension host included) maps a native model library');
      const lines = readLines<Line>(join(run, 'results.jsonl'));
      assert.equal(lines.length, 10);
      for (const line of lines) {
        assert.equal(line.error, null, `item ${line.itemId}`);
        assert.equal(line.mc?.backend, 'gguf');
        for (const reference of [...line.mc.relevant, ...line.mc.irrelevant])
          assert.ok((reference.tokenLogprobs?.length ?? 0) > 0, `item ${line.itemId}: every reference scored token by token`);
      }
      const manifest = JSON.parse(readFileSync(join(run, 'run.json'), 'utf8')) as {
        settings: { local: { file: { name: string; sha256: string }; runtime: { version: string; threads: number } } };
        dataset: { itemIds: string[] };
      };
      assert.equal(manifest.settings.local.file.sha256, createHash('sha256').update(readFileSync(modelPath)).digest('hex'));
      assert.equal(manifest.settings.local.runtime.version, '3.21.1');
      assert.equal(manifest.settings.local.runtime.threads, 1, 'the setting reached llama.cpp');
      assert.ok(!readFileSync(join(run, 'run.json'), 'utf8').includes(store), 'run.json holds no folder of the model');

      // The review opens when the run ends: the first item's references as log-prob bars, MC1 and MC2.
      const frame = webviewFrame(page);
      await frame.locator('.row').nth(9).waitFor({ timeout: 60_000 });
      await frame.locator('.vlist').focus();
      await frame.locator('.row[aria-selected="true"][aria-posinset="1"]').waitFor({ timeout: 15_000 });
      await frame.locator('.detail-columns:not([aria-busy]) .pane-refs').waitFor({ timeout: 15_000 });
      assert.equal(await frame.locator('.measure-chip[aria-pressed="true"]').getAttribute('data-measure'), 'mc');
      const first = lines.find((l) => l.itemId === manifest.dataset.itemIds[0]);
      const references = (first?.mc?.relevant.length ?? 0) + (first?.mc?.irrelevant.length ?? 0);
      assert.ok(references >= 2);
      assert.equal(await frame.locator('.pane-refs .ref .bar-fill').count(), references, 'a bar per reference');
      const summary = await frame.locator('.mc-summary').innerText();
      assert.match(summary, new RegExp(`MC1\\s+${first?.mc?.mc1}\\s`));
      assert.match(summary, new RegExp(`MC2\\s+${(first?.mc?.mc2 ?? Number.NaN).toFixed(3)}\\s`));
      await screenshot(page, 'kalahi-local-gguf-mc');
    });
  },
);
