// Issue 36, items 3 and 9 (extension): a run stopped by its endpoint is marked so in run.json and in the
// Runs view (its own icon, the cause in the tooltip); the next Start Run does not offer the URL that failed;
// Resume and Retry Errors work on any run of the view (reopened from run.json alone), and Delete Run asks
// first. Real HTTP to the test server, the wizard and notifications driven through their ports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { RequestPool } from '../../../src/core/model/requestPool';
import { readManifest } from '../../../src/core/runs/runFolder';
import { summarizeRun } from '../../../src/core/reports/summarizeRun';
import { rememberRunEnd } from '../../../src/core/startRunSteps/sharedSteps';
import { type StartRunEnvironment } from '../../../src/core/startRunSteps/startRunUi';
import { chooseBenchmarkAndPlan } from '../../../src/core/startRun/startRunWizard';
import { type RunActionsDeps, type RunActionsUi, continueRunFromView, deleteRunFromView } from '../../../src/extension/commands/runActions';
import { RESUME, runToEnd } from '../../../src/extension/commands/runEnd';
import { runTexts } from '../../../src/extension/runsTreeText';
import { startTestServer } from '../../server';
import { deadPort } from '../../helpers/deadPort';
import { scratchDir } from '../../helpers/scratch';
import { type ScriptedUi, scriptedUi } from '../../helpers/scriptedStartRunUi';
import { scriptedRunEndUi } from '../../helpers/scriptedRunEndUi';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { writeSyntheticRun } from '../../helpers/syntheticRun';
import { DATASET_PATH, TEMPLATE_PATH, judgeTemplate } from '../reliability/yokaiRun';

const ITEMS = 6;

function environment(): StartRunEnvironment {
  return {
    sources: { dataDir: sharedDataDir },
    keys: { model: 'sk-test', judge: 'sk-test' },
    concurrency: 2,
    useCache: false,
    pool: new RequestPool({ maxConcurrency: 2 }),
    cache: undefined,
    retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
  };
}

/** Start Run… as a user answers it (YokaiEval at `url`, the first ITEMS items), run to its end; the wizard's memory kept as Start Run keeps it. */
async function startAndEnd(url: string, wizard: ScriptedUi, dir: string): Promise<ReturnType<typeof scriptedRunEndUi>> {
  const chosen = await chooseBenchmarkAndPlan(wizard, registeredBenchmarks());
  assert.ok(chosen !== undefined);
  const ui = scriptedRunEndUi();
  await runToEnd(ui, {
    title: chosen.benchmark.title,
    benchmarkId: chosen.benchmark.id,
    modelName: chosen.plan.modelName,
    name: 'run',
    runDir: dir,
    sessions: chosen.plan,
    environment,
    onEnded: (_outcome, stoppedBy) => void rememberRunEnd(wizard, stoppedBy),
  });
  return ui;
}

const answers = (url: string): string[] => [
  'YokaiEval',
  'OpenAI-compatible base URL',
  url,
  'test-model',
  "On the model's endpoint",
  'gpt-4o',
  'First N items…',
  String(ITEMS),
];

function actionsUi(confirmed: boolean): RunActionsUi & { readonly asked: string[] } {
  const asked: string[] = [];
  return { ...scriptedRunEndUi(), asked, confirm: (message) => (asked.push(message), Promise.resolve(confirmed)) };
}

const deps = (changed: () => void = () => undefined): RunActionsDeps => ({
  environmentFor: () => Promise.resolve(() => environment()),
  onRunsChanged: changed,
});

test('a dead endpoint: run.json says the run stopped on an error, the Runs view shows it so, and the next Start Run does not offer that URL', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH)) return;
  const url = `http://127.0.0.1:${await deadPort()}/v1`;
  const wizard = scriptedUi(answers(url));
  const dir = join(scratchDir('runs-view-dead'), 'run');
  await startAndEnd(url, wizard, dir);
  const manifest = readManifest(dir);
  assert.equal(manifest.status, 'error');
  assert.match(manifest.stoppedBy?.message ?? '', /connection refused/);
  const texts = runTexts(dir, summarizeRun(dir), Number.POSITIVE_INFINITY, false);
  assert.equal(texts.icon, 'error');
  assert.match(texts.description, /^stopped on an error · /);
  assert.doesNotMatch(texts.description, /no new result for a while/);
  assert.match(texts.tooltip, /connection refused/);
  assert.match(texts.tooltip, /Resume Run/);

  const next = scriptedUi(
    [
      'YokaiEval',
      'OpenAI-compatible base URL',
      'http://127.0.0.1:8000/v1',
      'test-model',
      "On the model's endpoint",
      'gpt-4o',
      'First N items…',
      '1',
    ],
    { remembered: Object.fromEntries(wizard.memory) },
  );
  await chooseBenchmarkAndPlan(next, registeredBenchmarks());
  const baseUrlStep = next.shown.find((s) => s.kind === 'input' && s.title === 'Base URL');
  assert.ok(baseUrlStep?.kind === 'input');
  assert.notEqual(baseUrlStep.value, url, 'the URL that just failed is not pre-filled');
});

test("a run whose key was refused is taken up again by the Runs view's Resume once the key works: every item done, the run finished", async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  let refuse = true;
  const server = await startTestServer({
    judgeTemplate: judgeTemplate(),
    faultsForRequest: () => (refuse ? { fault: 'status', status: 401 } : undefined),
  });
  t.after(() => server.close());
  const dir = join(scratchDir('runs-view-resume'), 'run');
  const first = await startAndEnd(server.url, scriptedUi(answers(server.url)), dir);
  assert.match(JSON.stringify(first.shown), /401/);
  assert.equal(readManifest(dir).status, 'error');
  refuse = false;
  let changed = 0;
  const ui = actionsUi(true);
  await continueRunFromView(
    ui,
    deps(() => changed++),
    dir,
    RESUME,
  );
  const manifest = readManifest(dir);
  assert.equal(manifest.status, 'finished');
  assert.equal(manifest.stoppedBy, undefined);
  assert.deepEqual(manifest.counts, { items: ITEMS, done: ITEMS, error: 0, missing: 0 });
  assert.ok(changed > 0, 'the Runs view was told');
  assert.equal(runTexts(dir, summarizeRun(dir), 0, false).icon, 'pass');
});

test('Delete Run asks first: Cancel keeps the folder, Delete Run removes it; a folder without run.json is refused', async () => {
  const run = writeSyntheticRun(join(scratchDir('runs-view-delete'), 'run'), 3);
  const cancel = actionsUi(false);
  assert.equal(await deleteRunFromView(cancel, deps(), run.dir), false);
  assert.ok(existsSync(run.dir));
  assert.match(cancel.asked[0] ?? '', /Delete the run run\? .*cannot be undone/);
  assert.equal(await deleteRunFromView(actionsUi(true), deps(), run.dir), true);
  assert.ok(!existsSync(run.dir));
  const notRun = join(scratchDir('runs-view-not-run'), 'folder');
  mkdirSync(notRun, { recursive: true });
  writeFileSync(join(notRun, 'notes.txt'), 'keep me');
  await assert.rejects(deleteRunFromView(actionsUi(true), deps(), notRun), /not a run folder/);
  assert.ok(existsSync(join(notRun, 'notes.txt')));
});

test('Runs view icons mean one thing each: a finished run is ✓ whether or not it is reviewed; the path in the tooltip has no Markdown escapes', () => {
  const run = writeSyntheticRun(join(scratchDir('runs-view-icons'), 'yokaieval-fake_model.v1-20261206'), 4);
  const texts = runTexts(run.dir, summarizeRun(run.dir), Number.POSITIVE_INFINITY, false);
  assert.equal(summarizeRun(run.dir).adjudicated.reviewed, 0);
  assert.equal(texts.icon, 'pass');
  assert.ok(texts.tooltip.includes(run.dir), texts.tooltip);
  assert.doesNotMatch(texts.tooltip, /yokaieval\\-/);
  assert.match(texts.tooltip, /Icons: .*\$\(pass\) finished/);
});
