// Issue 29 item 4: a local GGUF run says what it is doing before its first result (starting the runtime,
// loading the model, hashing the file, checking the items fit, scoring the first item), through the
// environment's onPhase (the extension's progress notification) and the CLI's progress output.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { RequestPool } from '../../../src/core/model/requestPool';
import { runEveryItem } from '../../../src/core/runs/executeRun';
import { type ItemProgress } from '../../../src/core/runs/itemRunner';
import { type RunPhase } from '../../../src/core/runs/runPhase';
import { chooseBenchmarkAndPlan } from '../../../src/core/startRun/startRunWizard';
import { phaseReporter, progressReporter } from '../../../src/cli/progressReporter';
import { writeTinyLlamaGguf } from '../../fixtures/gguf/tinyLlama';
import { scratchDir } from '../../helpers/scratch';
import { scriptedUi } from '../../helpers/scriptedStartRunUi';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

test('Start Run on a local GGUF reports each phase, in order, before the first result', async (t) => {
  if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
  const dir = scratchDir('gguf-phases');
  const modelPath = join(dir, 'tiny.gguf');
  writeTinyLlamaGguf(modelPath, 77);
  const ui = scriptedUi(['Kalahi', 'Multiple choice', 'Local model file (GGUF)', modelPath, 'First 10 items'], {
    env: { OLLAMA_MODELS: join(dir, 'no-ollama') },
    settings: { localModelThreads: 1 },
  });
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.ok(chosen !== undefined);
  const seen: { phase: RunPhase; results: number }[] = [];
  let results = 0;
  const env = {
    sources: { dataDir: sharedDataDir, cacheDir: join(dir, 'cache') },
    keys: {},
    concurrency: 1,
    useCache: false,
    pool: new RequestPool({ maxConcurrency: 1 }),
    cache: undefined,
    cwd: dir,
    env: {},
    onPhase: (phase: RunPhase) => seen.push({ phase, results }),
  };
  const session = await chosen.plan.prepare(env, 'phases');
  const outcome = await runEveryItem(join(dir, 'runs', 'phases'), session, { workers: 1, onProgress: (p) => (results = p.done) });
  assert.deepEqual(outcome.manifest.counts, { items: 10, done: 10, error: 0, missing: 0 });
  assert.deepEqual(
    seen.map((s) => s.phase.step),
    ['starting-runtime', 'loading-model', 'hashing', 'checking-fit', 'first-item'],
  );
  assert.ok(
    seen.every((s) => s.results === 0),
    'every phase comes before the first result',
  );
  const messages = seen.map((s) => s.phase.message);
  assert.match(messages[0] ?? '', /^starting the local model runtime for tiny\.gguf$/);
  assert.match(messages[1] ?? '', /^loading tiny\.gguf \(\d+\.\d kB\) into llama\.cpp$/);
  assert.match(messages[2] ?? '', /^hashing tiny\.gguf \(\d+\.\d kB\) for run\.json$/);
  assert.match(messages[3] ?? '', /^checking that the 10 items fit the context of \d+ tokens$/);
  assert.match(messages[4] ?? '', /^scoring item \S+, the first of 10$/);
});

test('the CLI shows phases: on a terminal as one status line, elsewhere a line only for a phase still going after a while', async () => {
  let tty = '';
  const status = phaseReporter(true, (text) => (tty += text));
  status.phase({ step: 'starting-runtime', message: 'starting the local model runtime for a.gguf' });
  status.phase({ step: 'loading-model', message: 'loading a.gguf (1.2 GB) into llama.cpp' });
  status.stop();
  assert.equal(tty, '\r\x1b[2Kstarting the local model runtime for a.gguf…\r\x1b[2Kloading a.gguf (1.2 GB) into llama.cpp…\r\x1b[2K');

  let plain = '';
  const lines = phaseReporter(false, (text) => (plain += text), 100);
  lines.phase({ step: 'starting-runtime', message: 'starting the local model runtime for a.gguf' });
  await new Promise((r) => setTimeout(r, 20));
  lines.phase({ step: 'loading-model', message: 'loading a.gguf (1.2 GB) into llama.cpp' });
  await new Promise((r) => setTimeout(r, 250));
  lines.phase({ step: 'hashing', message: 'hashing a.gguf (1.2 GB) for run.json' });
  lines.stop();
  await new Promise((r) => setTimeout(r, 250));
  assert.equal(plain, 'loading a.gguf (1.2 GB) into llama.cpp…\n', 'the quick steps leave nothing; the long one its line');

  let items = '';
  const bar = progressReporter(3, false, (text) => (items += text), 100);
  bar.phase({ step: 'first-item', message: 'scoring item 1, the first of 3' });
  await new Promise((r) => setTimeout(r, 250));
  assert.equal(items, 'scoring item 1, the first of 3…\n');
  bar.phase({ step: 'first-item', message: 'scoring item 2, the first of 2' });
  bar.update({ done: 1, total: 3, errors: 0, last: {} as ItemProgress['last'] });
  await new Promise((r) => setTimeout(r, 250));
  bar.stop();
  assert.doesNotMatch(items, /item 2/, 'a result ends the phase before its line');
});
