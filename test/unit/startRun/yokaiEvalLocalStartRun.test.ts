// YokaiEval's Start Run with local models: the provider step's local entry for the model, the judge step's
// choices, the configuration they produce, and a session run on the tiny GGUF from the plan.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as z from 'zod';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { OFFICIAL_SYSTEM_PROMPT } from '../../../src/core/benchmarks/yokaieval/presets';
import { askYokaiEvalRun, yokaiEvalStartConfig } from '../../../src/core/benchmarks/yokaieval/startRunSteps';
import { defaultLocalModelName } from '../../../src/core/commandLine/ggufOptions';
import { RequestPool } from '../../../src/core/model/requestPool';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { runEveryItem } from '../../../src/core/runs/executeRun';
import { chooseBenchmarkAndPlan } from '../../../src/core/startRun/startRunWizard';
import { writeTinyLlamaGguf } from '../../fixtures/gguf/tinyLlama';
import { startTestServer } from '../../server';
import { scratchDir } from '../../helpers/scratch';
import { scriptedUi } from '../../helpers/scriptedStartRunUi';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { LIMIT_ITEMS, LOCAL_ITEM, PROVIDER_ITEMS } from './startRunSteps';

const LOCAL = 'Local model file (GGUF)';
const OPEN_WEIGHTS = { temperature: 0.1, topP: 1, maxTokens: 128 };
const JUDGE_PARAMS = { temperature: 0.7, topP: null, maxTokens: 200 };
const JUDGE_ITEMS_AFTER_LOCAL = [
  { label: LOCAL, description: 'in-process with llama.cpp: a .gguf file or an Ollama model (it may be the model itself)' },
  { label: 'An endpoint', description: 'OpenAI, Azure OpenAI or an OpenAI-compatible server' },
];

test('YokaiEval with a local model and the same file as judge: the file dialog twice, open-weights, both files recorded to load, no key', async () => {
  const env = { OLLAMA_MODELS: scratchDir('no-ollama') };
  const script = ['YokaiEval', LOCAL, '/models/q q4_k_m.gguf', LOCAL, '/models/q q4_k_m.gguf', 'First 10 items'];
  const ui = scriptedUi(script, { env, remembered: { lastModelFile: '/models/old.gguf' }, settings: { localModelThreads: 3 } });
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.equal(ui.remaining(), 0);
  assert.deepEqual(ui.shown.slice(1), [
    { kind: 'pickOne', title: 'Start Run (2/5): provider', items: [...PROVIDER_ITEMS, LOCAL_ITEM] },
    {
      kind: 'openFile',
      title: 'A GGUF model file',
      filters: { 'GGUF model': ['gguf'], 'All files': ['*'] },
      defaultPath: '/models/old.gguf',
    },
    { kind: 'pickOne', title: 'Start Run (4/5): judge', items: JUDGE_ITEMS_AFTER_LOCAL },
    {
      kind: 'openFile',
      title: 'A GGUF model file',
      filters: { 'GGUF model': ['gguf'], 'All files': ['*'] },
      defaultPath: '/models/q q4_k_m.gguf',
    },
    { kind: 'pickOne', title: 'Start Run (5/5): how many items', items: LIMIT_ITEMS(810) },
  ]);
  assert.deepEqual(chosen === undefined ? undefined : { kind: chosen.plan.kind, modelName: chosen.plan.modelName, apiKey: chosen.apiKey }, {
    kind: 'local',
    modelName: 'q q4_k_m',
    apiKey: undefined,
  });
  assert.equal(chosen?.plan.modelName, defaultLocalModelName('/models/q q4_k_m.gguf'), 'named as the CLI names --model-file');

  const choice = await askYokaiEvalRun(scriptedUi(script.slice(1), { env, settings: { localModelThreads: 3 } }));
  const endpoint = { provider: 'local', baseUrl: 'gguf:q%20q4_k_m' } as const;
  const local = { modelFile: '/models/q q4_k_m.gguf', choice: { ollama: null, gpuLayers: 'auto', contextSize: null, threads: 3 } } as const;
  assert.deepEqual(choice === undefined ? undefined : yokaiEvalStartConfig(choice), {
    model: { endpoint, name: 'q q4_k_m', apiKeyEnv: null, systemPrompt: OFFICIAL_SYSTEM_PROMPT, params: OPEN_WEIGHTS },
    judge: { endpoint, name: 'q q4_k_m', apiKeyEnv: null, systemPrompt: null, params: JUDGE_PARAMS },
    preset: 'open-weights',
    wording: 'dataset',
    limit: 10,
    local: { model: local, judge: local, seed: 0 },
  });
});

test("YokaiEval with a local model judged on an endpoint: the judge's provider, URL and name are asked, its key is the plan's", async () => {
  const env = { OLLAMA_MODELS: scratchDir('no-ollama') };
  const url = 'https://judge.example/v1';
  const ui = scriptedUi(['YokaiEval', LOCAL, '/m/a.gguf', 'An endpoint', 'OpenAI-compatible base URL', url, 'big-judge', 'All 810 items'], {
    env,
  });
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.deepEqual(ui.shown[4], { kind: 'pickOne', title: 'Start Run (4/5): provider', items: PROVIDER_ITEMS });
  assert.deepEqual(ui.shown[6], {
    kind: 'input',
    title: 'Start Run (4/5): judge model',
    prompt: "The LLM judge; the paper's judge is gpt-4o",
    value: 'gpt-4o',
    emptyProblem: 'A judge model is required',
  });
  assert.ok(chosen?.plan.kind === 'endpoint');
  assert.deepEqual(
    { endpoint: chosen.plan.endpoint, local: chosen.plan.local, modelName: chosen.plan.modelName },
    { endpoint: { provider: 'openai-compatible', baseUrl: url }, local: true, modelName: 'a' },
  );
  const choice = await askYokaiEvalRun(
    scriptedUi(['Local model file (GGUF)', '/m/a.gguf', 'An endpoint', 'OpenAI-compatible base URL', url, 'big-judge', 'All 810 items'], {
      env,
    }),
  );
  const config = choice === undefined ? undefined : yokaiEvalStartConfig(choice);
  assert.deepEqual(config?.judge, {
    endpoint: { provider: 'openai-compatible', baseUrl: url },
    name: 'big-judge',
    apiKeyEnv: null,
    systemPrompt: null,
    params: JUDGE_PARAMS,
  });
  assert.deepEqual(config.local, {
    model: { modelFile: '/m/a.gguf', choice: { ollama: null, gpuLayers: 'auto', contextSize: null, threads: null } },
    judge: null,
    seed: 0,
  });
});

test("YokaiEval on a server judged by an Ollama model: the judge step offers the model's endpoint or a local file, Ollama first", async () => {
  const store = scratchDir('ollama');
  mkdirSync(join(store, 'manifests', 'registry.ollama.ai', 'library', 'judge'), { recursive: true });
  writeFileSync(join(store, 'manifests', 'registry.ollama.ai', 'library', 'judge', '7b'), '{}');
  const ui = scriptedUi(['OpenAI', 'gpt-4o-mini', LOCAL, '$(package) judge:7b', 'First 20 items'], { env: { OLLAMA_MODELS: store } });
  const choice = await askYokaiEvalRun(ui);
  assert.deepEqual(ui.shown[2], {
    kind: 'pickOne',
    title: 'Start Run (4/5): judge',
    items: [
      { label: "On the model's endpoint", description: 'same base URL and key as the model' },
      { label: LOCAL, description: 'in-process with llama.cpp: a .gguf file or an Ollama model (it may be the model itself)' },
    ],
  });
  assert.deepEqual(ui.shown[3], {
    kind: 'pickOne',
    title: 'Start Run (4/5): local model',
    items: [{ label: '$(folder-opened) Choose a .gguf file…' }, { label: '$(package) judge:7b', description: 'pulled by Ollama' }],
  });
  const config = choice === undefined ? undefined : yokaiEvalStartConfig(choice);
  assert.equal(config?.preset, 'api', "the model's provider decides the preset");
  assert.deepEqual(config.judge.endpoint, { provider: 'local', baseUrl: 'gguf:judge%3A7b' });
  assert.equal(config.judge.name, 'judge:7b');
  assert.deepEqual(config.local, {
    model: null,
    judge: { modelFile: 'ollama:judge:7b', choice: { ollama: 'ollama:judge:7b', gpuLayers: 'auto', contextSize: null, threads: null } },
    seed: 0,
  });
});

test('the plan runs a session with a served model and a local judge; a context left to the default grows to fit the judge prompt; the review opens', async (t) => {
  if (!requireSharedFile(t, join(sharedDataDir, 'yokaieval', 'YokaiEval.json'))) return;
  const server = await startTestServer({});
  t.after(() => server.close());
  const dir = scratchDir('startrun-local');
  const judgeFile = join(dir, 'judge.gguf');
  // A training context of 8192: the judge prompt (about 5 000 tokens in this vocabulary) fits it, not the default 4096.
  writeTinyLlamaGguf(judgeFile, 5, { contextLength: 8192 });
  const ui = scriptedUi(['YokaiEval', 'OpenAI-compatible base URL', server.url, 'test-model', LOCAL, judgeFile, 'First N items…', '2'], {
    env: { OLLAMA_MODELS: scratchDir('no-ollama') },
    settings: { localModelThreads: 1 },
  });
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.ok(chosen?.plan.kind === 'endpoint' && chosen.plan.local === true);
  const env = {
    sources: { dataDir: sharedDataDir, cacheDir: join(dir, 'cache') },
    keys: {},
    concurrency: 2,
    useCache: false,
    pool: new RequestPool({ maxConcurrency: 2 }),
    cache: undefined,
  };
  const runDir = join(dir, 'run');
  const session = await chosen.plan.prepare(env, 'run');
  try {
    const outcome = await runEveryItem(runDir, session, { workers: 2 });
    assert.deepEqual(outcome.manifest.counts, { items: 2, done: 2, error: 0, missing: 0 });
    assert.equal(outcome.manifest.model?.provider, 'openai-compatible');
    assert.deepEqual([outcome.manifest.judge?.provider, outcome.manifest.judge?.name], ['local', 'judge']);
    const local = z
      .object({
        local: z.object({
          model: z.null(),
          judge: z.object({
            choice: z.object({ contextSize: z.null(), threads: z.literal(1) }),
            runtime: z.object({ contextSize: z.number() }),
          }),
        }),
      })
      .parse(outcome.manifest.settings).local;
    assert.ok(
      local.judge.runtime.contextSize > 4096 && local.judge.runtime.contextSize <= 8192,
      `context ${local.judge.runtime.contextSize}`,
    );
  } finally {
    await session.release?.();
  }
  const { session: review, problems } = ReviewSession.open(runDir, 'Aiko');
  assert.deepEqual(problems, []);
  assert.equal(review.rows().length, 2);
});
