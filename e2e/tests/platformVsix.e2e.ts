// The linux-x64 VSIX alone does everything: built by `npm run package` (its target only), installed into a fresh
// profile in a scratch folder outside the checkout (no node_modules in any parent folder, NODE_PATH unset), it
// runs from the palette Kalahi MC on the tiny GGUF (a model in an Ollama store) and Kalahi open-ended scored with
// BERTScore on the tiny ONNX encoder, both answered by the same GGUF: llama.cpp and ONNX Runtime come from the
// runtime folder inside the installed extension. Each run's review opens at its end.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { type Page } from 'playwright-core';
import { writeTinyLlamaGguf } from '../../test/fixtures/gguf/tinyLlama';
import { REPO_ROOT, answerQuickPick, run, runCommand, screenshot, webviewFrame, withWorkbench } from '../lib';
import { activated, logEntries } from '../helpers/extensionLogs';
import { processesWithEnv } from '../helpers/nativeLibraries';
import { fakeOllamaStore } from '../helpers/ollamaStore';
import { DATA_DIR, readLines, until } from '../helpers/runFiles';

interface Outcome {
  readonly relevant: readonly number[];
  readonly irrelevant: readonly number[];
}
interface Line {
  readonly itemId: string;
  readonly error: unknown;
  readonly mc?: { readonly backend: string };
  readonly open?: { readonly metrics: Record<string, Outcome> };
}

const QUICK_ROWS = '.quick-input-widget .quick-input-list .monaco-list-row';

/** Every parent folder of `dir` (itself included) has no node_modules. */
function noNodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules'))) found.push(join(at, 'node_modules'));
    if (dirname(at) === at) return found;
  }
}

/** Starts Kalahi on the Ollama model `tiny:latest`, 10 items; for open-ended, checks BERTScore in the metrics picker first. */
async function startKalahi(page: Page, task: 'Multiple choice' | 'Open-ended'): Promise<void> {
  await runCommand(page, 'Eval Adjudicator: Start Run…');
  await answerQuickPick(page, 'Kalahi');
  await answerQuickPick(page, task);
  if (task === 'Open-ended') {
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'open-ended metrics' }).waitFor({ timeout: 30_000 });
    // Clicking a row of a multi-select quick pick toggles its check: one more selected, then OK.
    const count = page.locator('.quick-input-widget .quick-input-count');
    const selected = Number(/\d+/.exec(await count.innerText())?.[0]);
    await page.locator(QUICK_ROWS, { hasText: 'BERTScore F1 on ONNX Runtime' }).first().click();
    await count.filter({ hasText: `${selected + 1} Selected` }).waitFor({ timeout: 15_000 });
    await page.locator('.quick-input-widget .monaco-button', { hasText: 'OK' }).first().click();
  }
  await answerQuickPick(page, 'Local model file (GGUF)');
  await answerQuickPick(page, 'tiny:latest');
  await answerQuickPick(page, 'First 10 items');
}

/** The run folder of the task that appears under runs/, once its run.json says finished. */
async function finishedRun(runsDir: string, task: 'mc' | 'open'): Promise<string> {
  const runTask = (name: string): string | undefined => {
    const manifest = join(runsDir, name, 'run.json');
    return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { task: string }).task : undefined;
  };
  const name = await until(
    `the ${task} run folder`,
    () => (existsSync(runsDir) ? readdirSync(runsDir).find((d) => d.startsWith('kalahi-tiny-latest-') && runTask(d) === task) : undefined),
    180_000,
  );
  const run = join(runsDir, name);
  await until(
    `the ${task} run to finish`,
    () => ((JSON.parse(readFileSync(join(run, 'run.json'), 'utf8')) as { status: string }).status === 'finished' ? true : undefined),
    300_000,
  );
  return run;
}

test(
  'the linux-x64 VSIX alone, outside any checkout: Kalahi MC on a GGUF and open-ended with BERTScore, from the palette',
  { timeout: 900_000 },
  async (t) => {
    assert.ok(
      existsSync(join(DATA_DIR, 'kalahi', 'filipino.csv')),
      `official data not found under ${DATA_DIR} (set EVAL_ADJUDICATOR_DATA)`,
    );
    await run(process.execPath, [join(REPO_ROOT, 'scripts', 'package.mjs'), '--target', 'linux-x64'], {
      cwd: REPO_ROOT,
      timeoutMs: 600_000,
    });
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const vsixPath = join(REPO_ROOT, 'vsix', `eval-adjudicator-linux-x64-${version}.vsix`);

    const root = mkdtempSync(join(realpathSync(tmpdir()), 'ea-platform-vsix-'));
    assert.ok(!root.startsWith(REPO_ROOT), 'the scratch folder is outside the checkout');
    assert.deepEqual(noNodeModulesAbove(root), [], 'no node_modules in any parent of the scratch folder');
    const savedNodePath = process.env['NODE_PATH'];
    delete process.env['NODE_PATH'];
    t.after(() => (savedNodePath === undefined ? undefined : void (process.env['NODE_PATH'] = savedNodePath)));
    const workspaceDir = join(root, 'workspace');
    mkdirSync(workspaceDir);
    const encoder = join(root, 'tiny-encoder');
    cpSync(join(REPO_ROOT, 'test', 'fixtures', 'neural', 'tiny-encoder'), encoder, { recursive: true });
    const modelPath = join(root, 'tiny.gguf');
    writeTinyLlamaGguf(modelPath, 77);
    const store = fakeOllamaStore(root, readFileSync(modelPath));

    const env = {
      EVAL_ADJUDICATOR_DATA: DATA_DIR,
      EVAL_ADJUDICATOR_CACHE: join(root, 'cache'),
      OLLAMA_MODELS: store,
      NODE_LLAMA_CPP_SKIP_DOWNLOAD: 'true',
    };
    // One llama.cpp thread (code-server and Chromium share the machine); the tiny encoder's hidden layer 2.
    const settings = {
      'evalAdjudicator.localModelThreads': 1,
      'evalAdjudicator.bertscoreModel': encoder,
      'evalAdjudicator.bertscoreLayer': 2,
    };
    // Every native library a process of this code-server maps, watched while the runs go.
    const marker = `EVAL_ADJUDICATOR_CACHE=${env.EVAL_ADJUDICATOR_CACHE}`;
    const mapped = new Set<string>();
    const watch = setInterval(() => {
      for (const p of processesWithEnv(marker, /lib(llama|ggml)[^/]*\.so|koffi[^/]*\.node|onnxruntime[^/]*\.(so|node)/))
        for (const l of p.libraries) mapped.add(l);
    }, 100);
    t.after(() => clearInterval(watch));

    await withWorkbench(
      { name: 'platform-vsix', vsixPath, workspaceDir, env, settings, scratchParent: root, signal: t.signal },
      async ({ page, server }) => {
        // Activation (opening the Runs view) loads no native library: they load on first use.
        await page.locator('.activitybar [aria-label^="Eval Adjudicator"]').first().click({ timeout: 120_000 });
        await until(
          'the extension host to log the activation',
          () => (activated(logEntries(server.dir), 'eval-adjudicator.eval-adjudicator') ? true : undefined),
          60_000,
        );
        await page.waitForTimeout(1_000);
        assert.deepEqual([...mapped], [], 'no native library loaded by activation');
        // The activation time VS Code measured, reported (a wall-clock figure: no assertion on a shared machine).
        await runCommand(page, 'Developer: Show Running Extensions');
        const row = page.locator('.runtime-extensions-editor .monaco-list-row', { hasText: 'Eval Adjudicator' }).first();
        await row.waitFor({ timeout: 30_000 }).then(
          async () => t.diagnostic(`activation, as VS Code's Running Extensions shows it: ${(await row.innerText()).replace(/\s+/g, ' ')}`),
          () => t.diagnostic('Running Extensions showed no row for the extension'),
        );
        await runCommand(page, 'View: Close All Editors');
        const runsDir = join(workspaceDir, 'runs');
        await startKalahi(page, 'Multiple choice');
        const mcRun = await finishedRun(runsDir, 'mc');
        const mcLines = readLines<Line>(join(mcRun, 'results.jsonl'));
        assert.equal(mcLines.length, 10);
        for (const line of mcLines)
          assert.ok(line.error === null && line.mc?.backend === 'gguf', `item ${line.itemId}: scored by llama.cpp`);
        const mcReview = webviewFrame(page);
        await mcReview.locator('.row').nth(9).waitFor({ timeout: 60_000 });
        await mcReview.locator('.mc-summary').first().waitFor({ timeout: 30_000 });
        await screenshot(page, 'platform-vsix-mc');
        await runCommand(page, 'View: Close All Editors');

        await startKalahi(page, 'Open-ended');
        const openRun = await finishedRun(runsDir, 'open');
        const openLines = readLines<Line>(join(openRun, 'results.jsonl'));
        assert.equal(openLines.length, 10);
        for (const line of openLines) {
          assert.equal(line.error, null, `item ${line.itemId}`);
          const bertscore = line.open?.metrics['bertscore'];
          assert.ok(
            bertscore !== undefined &&
              bertscore.relevant.length > 0 &&
              [...bertscore.relevant, ...bertscore.irrelevant].every(Number.isFinite),
            `item ${line.itemId}: BERTScore for every reference`,
          );
        }
        const manifest = readFileSync(join(openRun, 'run.json'), 'utf8');
        assert.match(manifest, /"onnxruntime":\s*"1\.30\.0"/, 'run.json records the ONNX Runtime that scored');
        const review = webviewFrame(page);
        await review.locator('.row').nth(9).waitFor({ timeout: 60_000 });
        await review.locator('.measure-chip[data-measure="bertscore"]').waitFor({ timeout: 30_000 });
        await screenshot(page, 'platform-vsix-open-bertscore');
      },
    );
    clearInterval(watch);

    const installed = join(root, 'code-server-');
    const libraries = [...mapped];
    for (const needed of [/libllama\.v[^/]*\.so$/, /koffi\.node$/, /libonnxruntime\.so\.1$/, /onnxruntime_binding\.node$/]) {
      assert.ok(
        libraries.some((l) => needed.test(l)),
        `a process mapped ${String(needed)}`,
      );
    }
    const inside = new RegExp(
      `/extensions/eval-adjudicator\\.eval-adjudicator-${version.replaceAll('.', '\\.')}(-linux-x64)?/runtime/node_modules/`,
    );
    const outside = libraries.filter((l) => !(l.startsWith(installed) && inside.test(l)));
    assert.deepEqual(outside, [], "every native library came from the installed extension's runtime folder");
  },
);
