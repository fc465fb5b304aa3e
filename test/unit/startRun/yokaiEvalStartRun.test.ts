// Start Run…'s generic flow and YokaiEval's steps over a scripted port: every step's title, entries and
// defaults as the extension shows them, what is remembered, and the run configuration they produce.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { registerBenchmark, registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { OFFICIAL_SYSTEM_PROMPT } from '../../../src/core/benchmarks/yokaieval/presets';
import { askYokaiEvalRun, yokaiEvalStartConfig } from '../../../src/core/benchmarks/yokaieval/startRunSteps';
import { RequestPool } from '../../../src/core/model/requestPool';
import { runEveryItem } from '../../../src/core/runs/executeRun';
import { chooseBenchmarkAndPlan } from '../../../src/core/startRun/startRunWizard';
import { startTestServer } from '../../server';
import { TINY } from '../../fixtures/benchmarks/tiny';
import { scratchDir } from '../../helpers/scratch';
import { type Answer, CANCEL, KEEP, scriptedUi } from '../../helpers/scriptedStartRunUi';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { LIMIT_ITEMS, LOCAL_ITEM, PROVIDER_ITEMS } from './startRunSteps';
import { readRunResults } from '../../../src/core/benchmarks/runRegistry';

const SAME = "On the model's endpoint";
const JUDGE_LOCAL_ITEM = {
  label: 'Local model file (GGUF)',
  description: 'in-process with llama.cpp: a .gguf file or an Ollama model (it may be the model itself)',
};
const JUDGE_ITEMS_AFTER_ENDPOINT = [{ label: SAME, description: 'same base URL and key as the model' }, JUDGE_LOCAL_ITEM];

// A benchmark without Start Run steps: `run tiny` works, Start Run does not offer it.
registerBenchmark(TINY);

const BENCHMARK_PICK = {
  kind: 'pickOne',
  title: 'Start Run (1/5 or 6): benchmark',
  items: [
    { label: 'YokaiEval', description: '810 four-choice questions on Japanese folklore, judged by an LLM' },
    { label: 'Kalahi', description: '150 Filipino cultural scenarios: open-ended answers scored by similarity, MC from log-probs' },
  ],
} as const;

test('YokaiEval on an OpenAI-compatible server: the remembered base URL, model and judge are offered, the open-weights preset is used', async () => {
  const url = 'http://127.0.0.1:9/v1';
  const script = ['YokaiEval', 'OpenAI-compatible base URL', url, KEEP, SAME, KEEP, 'First 20 items'] as const;
  const remembered = { lastModel: 'model-remembered', lastJudge: 'judge-remembered' };
  const ui = scriptedUi(script, { remembered });
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.equal(ui.remaining(), 0);
  assert.deepEqual(ui.shown, [
    BENCHMARK_PICK,
    { kind: 'pickOne', title: 'Start Run (2/5): provider', items: [...PROVIDER_ITEMS, LOCAL_ITEM] },
    { kind: 'input', title: 'Base URL', value: 'http://127.0.0.1:8000/v1', emptyProblem: 'Not a URL' },
    {
      kind: 'input',
      title: 'Start Run (3/5): model',
      prompt: 'The model name as the server knows it',
      value: 'model-remembered',
      emptyProblem: 'A model name is required',
    },
    { kind: 'pickOne', title: 'Start Run (4/5): judge', items: JUDGE_ITEMS_AFTER_ENDPOINT },
    {
      kind: 'input',
      title: 'Start Run (4/5): judge model (same endpoint and key as the model)',
      prompt: "The LLM judge; the paper's judge is gpt-4o",
      value: 'judge-remembered',
      emptyProblem: 'A judge model is required',
    },
    { kind: 'pickOne', title: 'Start Run (5/5): how many items', items: LIMIT_ITEMS(810) },
  ]);
  assert.equal(chosen?.benchmark.id, 'yokaieval');
  assert.equal(chosen.apiKey, undefined, 'no key asked for a server that needs none');
  assert.equal(chosen.plan.kind, 'endpoint');
  assert.equal(chosen.plan.modelName, 'model-remembered');
  assert.deepEqual(Object.fromEntries(ui.memory), { ...remembered, 'lastBaseUrl.openai-compatible': url });

  const endpoint = { provider: 'openai-compatible', baseUrl: url } as const;
  const choice = await askYokaiEvalRun(scriptedUi(script.slice(1), { remembered }));
  assert.deepEqual(choice === undefined ? undefined : yokaiEvalStartConfig(choice), {
    model: {
      endpoint,
      name: 'model-remembered',
      apiKeyEnv: null,
      systemPrompt: OFFICIAL_SYSTEM_PROMPT,
      params: { temperature: 0.1, topP: 1, maxTokens: 128 },
    },
    judge: {
      endpoint,
      name: 'judge-remembered',
      apiKeyEnv: null,
      systemPrompt: null,
      params: { temperature: 0.7, topP: null, maxTokens: 200 },
    },
    preset: 'open-weights',
    wording: 'dataset',
    limit: 20,
  });
});

test('YokaiEval on OpenAI, first time: gpt-4o-mini and gpt-4o offered, N items typed, the API key asked for and stored', async () => {
  const script = ['YokaiEval', 'OpenAI', KEEP, SAME, KEEP, 'First N items…', ' 7 ', 'sk-typed'] as const;
  const ui = scriptedUi(script);
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.deepEqual(ui.shown.slice(2), [
    {
      kind: 'input',
      title: 'Start Run (3/5): model',
      prompt: 'The model name as the server knows it',
      value: 'gpt-4o-mini',
      emptyProblem: 'A model name is required',
    },
    { kind: 'pickOne', title: 'Start Run (4/5): judge', items: JUDGE_ITEMS_AFTER_ENDPOINT },
    {
      kind: 'input',
      title: 'Start Run (4/5): judge model (same endpoint and key as the model)',
      prompt: "The LLM judge; the paper's judge is gpt-4o",
      value: 'gpt-4o',
      emptyProblem: 'A judge model is required',
    },
    { kind: 'pickOne', title: 'Start Run (5/5): how many items', items: LIMIT_ITEMS(810) },
    { kind: 'input', title: 'How many items (from the first)', emptyProblem: 'A whole number from 1 to 810' },
    { kind: 'input', title: 'API key for api.openai.com', prompt: 'Stored in VS Code secret storage', password: true },
  ]);
  assert.equal(chosen?.apiKey, 'sk-typed');
  assert.deepEqual(Object.fromEntries(ui.keys), { 'https://api.openai.com/v1': 'sk-typed' });
  assert.deepEqual(Object.fromEntries(ui.memory), { lastModel: 'gpt-4o-mini', lastJudge: 'gpt-4o' });

  const endpoint = { provider: 'openai', baseUrl: 'https://api.openai.com/v1' } as const;
  const choice = await askYokaiEvalRun(scriptedUi(script.slice(1, -1)));
  assert.deepEqual(choice === undefined ? undefined : yokaiEvalStartConfig(choice), {
    model: { endpoint, name: 'gpt-4o-mini', apiKeyEnv: null, systemPrompt: null, params: { temperature: 0.7, topP: null, maxTokens: 200 } },
    judge: { endpoint, name: 'gpt-4o', apiKeyEnv: null, systemPrompt: null, params: { temperature: 0.7, topP: null, maxTokens: 200 } },
    preset: 'api',
    wording: 'official-results',
    limit: 7,
  });
});

test('YokaiEval on Azure: model and judge are deployments; an empty key cancels after the model is remembered', async () => {
  const base = 'https://res.openai.azure.com';
  const ui = scriptedUi(['YokaiEval', 'Azure OpenAI', base, 'dep-model ', SAME, 'dep-judge', 'All 810 items', '']);
  assert.equal(await chooseBenchmarkAndPlan(ui, registeredBenchmarks()), undefined);
  assert.deepEqual(ui.shown[2], {
    kind: 'input',
    title: 'Azure OpenAI endpoint',
    value: 'https://NAME.openai.azure.com',
    emptyProblem: 'Not a URL',
  });
  assert.deepEqual(ui.shown[3], {
    kind: 'input',
    title: 'Start Run (3/5): model',
    prompt: 'The deployment name',
    value: '',
    emptyProblem: 'A model name is required',
  });
  assert.deepEqual(Object.fromEntries(ui.memory), { 'lastBaseUrl.azure': base, lastJudge: 'dep-judge', lastModel: 'dep-model' });
  assert.equal(ui.keys.size, 0);

  const choice = await askYokaiEvalRun(scriptedUi(['Azure OpenAI', base, 'dep-model ', SAME, 'dep-judge', 'All 810 items']));
  const config = choice === undefined ? undefined : yokaiEvalStartConfig(choice);
  assert.deepEqual(config?.model.endpoint, { provider: 'azure', baseUrl: base, apiVersion: '2024-10-21', deployment: 'dep-model' });
  assert.deepEqual(config.judge.endpoint, { provider: 'azure', baseUrl: base, apiVersion: '2024-10-21', deployment: 'dep-judge' });
  assert.equal(config.preset, 'api');
  assert.equal(config.limit, null);
});

test('cancelling a step ends Start Run; the judge is remembered once given, the model only once every step is answered', async () => {
  const cancelAtLimit = scriptedUi(['YokaiEval', 'OpenAI', 'm', SAME, 'j', CANCEL]);
  assert.equal(await chooseBenchmarkAndPlan(cancelAtLimit, registeredBenchmarks()), undefined);
  assert.deepEqual(Object.fromEntries(cancelAtLimit.memory), { lastJudge: 'j' });
  const cancelled: Answer[][] = [
    [CANCEL],
    ['YokaiEval', CANCEL],
    ['YokaiEval', 'OpenAI-compatible base URL', CANCEL],
    ['YokaiEval', 'OpenAI', CANCEL],
    ['YokaiEval', 'OpenAI', 'm', CANCEL],
    ['YokaiEval', 'OpenAI', 'm', SAME, CANCEL],
  ];
  for (const steps of cancelled) {
    const ui = scriptedUi(steps);
    assert.equal(await chooseBenchmarkAndPlan(ui, registeredBenchmarks()), undefined, steps.length.toString());
    assert.equal(ui.remaining(), 0);
    assert.equal(ui.memory.has('lastModel'), false);
  }
});

test("the plan runs a YokaiEval session over HTTP with the wizard's key, model and judge", async (t) => {
  if (!requireSharedFile(t, join(sharedDataDir, 'yokaieval', 'YokaiEval.json'))) return;
  const server = await startTestServer({ requireApiKey: 'sk-stored' });
  t.after(() => server.close());
  const ui = scriptedUi(['YokaiEval', 'OpenAI-compatible base URL', server.url, 'test-model', SAME, 'judge-model', 'First N items…', '3'], {
    keys: { [server.url]: 'sk-stored' },
  });
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.ok(chosen !== undefined);
  assert.equal(chosen.apiKey, 'sk-stored');
  const env = {
    sources: { dataDir: sharedDataDir, cacheDir: scratchDir('startrun-cache') },
    keys: { model: chosen.apiKey, judge: chosen.apiKey },
    concurrency: 2,
    useCache: false,
    pool: new RequestPool({ maxConcurrency: 2 }),
    cache: undefined,
  };
  const dir = join(scratchDir('startrun-runs'), 'yokaieval-test-model');
  const outcome = await runEveryItem(dir, await chosen.plan.prepare(env, 'yokaieval-test-model'), { workers: 2 });
  assert.deepEqual(outcome.manifest.counts, { items: 3, done: 3, error: 0, missing: 0 });
  assert.equal(outcome.manifest.model?.name, 'test-model');
  assert.equal(outcome.manifest.judge?.name, 'judge-model');
  assert.deepEqual([...readRunResults(dir).byItem.keys()].sort(), ['0', '1', '2']);
});
