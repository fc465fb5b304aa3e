// Issue 36, item 6: Start Run with no data folder and no way to download says so right after the benchmark
// pick (not after every step), offers to choose a data folder, and goes on from there with the pick kept;
// a folder without the files is said again, naming the file; giving up ends Start Run at once.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { chooseBenchmarkAndPlan } from '../../../src/core/startRun/startRunWizard';
import { CANCEL, KEEP, scriptedUi } from '../../helpers/scriptedStartRunUi';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

/** No data folder, an empty cache, and a download that fails as it does offline. */
function offline(name: string): {
  readonly dataDir: undefined;
  readonly sources: { cacheDir: string; download: () => Promise<Uint8Array> };
} {
  const cacheDir = scratchDir(name);
  mkdirSync(cacheDir, { recursive: true });
  return {
    dataDir: undefined,
    sources: { cacheDir, download: () => Promise.reject(new Error('getaddrinfo ENOTFOUND raw.githubusercontent.com')) },
  };
}

test('YokaiEval without its data: the data folder is offered right after the benchmark pick, then the steps go on with the folder chosen', async (t) => {
  if (!requireSharedFile(t, join(sharedDataDir, 'yokaieval', 'YokaiEval.json'))) return;
  const ui = scriptedUi(
    [
      'YokaiEval',
      sharedDataDir,
      'OpenAI-compatible base URL',
      'http://127.0.0.1:9/v1',
      'm',
      "On the model's endpoint",
      KEEP,
      'First 10 items',
    ],
    offline('data-step-yokai'),
  );
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.equal(ui.remaining(), 0);
  assert.deepEqual(
    ui.shown.map((s) => s.kind),
    ['pickOne', 'dataFolder', 'pickOne', 'input', 'input', 'pickOne', 'input', 'pickOne'],
  );
  const offer = ui.shown[1]?.title ?? '';
  assert.match(offer, /^YokaiEval's data is not available: Could not download .*YokaiEval\.json.*ENOTFOUND/);
  assert.equal(ui.shown[2]?.title, 'Start Run (2/5): provider', 'the benchmark pick is kept, not asked again');
  assert.equal(chosen?.benchmark.id, 'yokaieval');
  assert.equal(ui.dataSources().dataDir, sharedDataDir);
});

test('a data folder without the files is said again, naming the missing file; giving up ends Start Run before any other step', async () => {
  const empty = scratchDir('data-step-empty');
  mkdirSync(empty, { recursive: true });
  const ui = scriptedUi(['Kalahi', empty, CANCEL], offline('data-step-kalahi'));
  assert.equal(await chooseBenchmarkAndPlan(ui, registeredBenchmarks()), undefined);
  assert.equal(ui.remaining(), 0);
  assert.deepEqual(
    ui.shown.map((s) => s.kind),
    ['pickOne', 'dataFolder', 'dataFolder'],
  );
  assert.match(ui.shown[1]?.title ?? '', /^Kalahi's data is not available: Could not download .*filipino\.csv/);
  assert.match(
    ui.shown[2]?.title ?? '',
    new RegExp(`^Kalahi's data is not available: ${join(empty, 'kalahi', 'filipino.csv').replace(/[.]/g, '\\.')}: not found`),
  );
});

test('with the data at hand the check asks nothing', async (t) => {
  if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
  const ui = scriptedUi(['Kalahi', CANCEL]);
  assert.equal(await chooseBenchmarkAndPlan(ui, registeredBenchmarks()), undefined);
  assert.deepEqual(
    ui.shown.map((s) => s.kind),
    ['pickOne', 'pickOne'],
  );
  assert.equal(ui.shown[1]?.title, 'Start Run (2/6): Kalahi task');
});
