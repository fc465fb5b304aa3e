// Kalahi's Start Run steps over a scripted port: the task, the metric picker with its models' settings, the
// provider with its local GGUF entry, and the KalahiRunConfig each path produces (the CLI's defaults).
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_MC_TEMPLATE } from '../../../src/core/backends/mcPromptTemplate';
import { askKalahiRun, kalahiStartConfig } from '../../../src/core/benchmarks/kalahi/startRunSteps';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { metricUnavailable } from '../../../src/core/metrics/metricAvailability';
import { RequestPool } from '../../../src/core/model/requestPool';
import { runEveryItem } from '../../../src/core/runs/executeRun';
import { type KalahiRunConfig, KalahiSettingsSchema } from '../../../src/core/benchmarks/kalahi/settings';
import { chooseBenchmarkAndPlan } from '../../../src/core/startRun/startRunWizard';
import { startTestServer } from '../../server';
import { scratchDir } from '../../helpers/scratch';
import { type Answer, KEEP, type ScriptOptions, scriptedUi } from '../../helpers/scriptedStartRunUi';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { defaultLocalModelName } from '../../../src/core/commandLine/ggufOptions';
import { LIMIT_ITEMS, LOCAL_ITEM, PROVIDER_ITEMS } from './startRunSteps';
import { TINY_BLEURT } from '../neural/fixtures';

const METEOR = metricUnavailable('meteor') === null;
const TEXT_METRICS = ['chrf', 'chrf++', 'bleu', 'rouge-1', 'rouge-2', 'rouge-l', 'rouge-lsum', ...(METEOR ? ['meteor'] : [])];

const TASK_PICK = {
  kind: 'pickOne',
  title: 'Start Run (2/6): Kalahi task',
  items: [
    { label: 'Open-ended', description: 'greedy answers scored by similarity to the relevant and irrelevant references (any chat model)' },
    { label: 'Multiple choice', description: 'log-probs of each reference (vLLM, or a local GGUF model)' },
    { label: 'Both', description: 'open-ended and multiple choice' },
  ],
} as const;

const METRIC_PICK = {
  kind: 'pickMany',
  title: 'Start Run (3/6): open-ended metrics',
  items: [
    { label: 'chrf', description: 'character n-gram F-score (the primary metric)', picked: true },
    { label: 'chrf++', description: 'chrF with word bigrams', picked: true },
    { label: 'bleu', description: 'sacrebleu, 13a tokens', picked: true },
    { label: 'rouge-1', description: 'unigram overlap', picked: true },
    { label: 'rouge-2', description: 'bigram overlap', picked: true },
    { label: 'rouge-l', description: 'longest common subsequence', picked: true },
    { label: 'rouge-lsum', description: "the column Kalahi's code calls ROUGE-L", picked: true },
    ...(METEOR ? [{ label: 'meteor', description: 'NLTK METEOR with WordNet 3.0', picked: true }] : []),
    { label: 'bertscore', description: 'BERTScore F1 on ONNX Runtime (setting: BERTScore Model folder)', picked: false },
    { label: 'bleurt', description: 'BLEURT-20 on ONNX Runtime (setting: BLEURT Model folder)', picked: false },
  ],
} as const;

const MC = {
  logprobs: 'completions',
  template: { source: 'default', text: DEFAULT_MC_TEMPLATE },
  mc2Mode: 'paper',
  request: { promptList: null, maxTokens: null },
} as const;
const GREEDY = { temperature: 0, topP: null, maxTokens: 256 };
const NO_PARAMS = { temperature: null, topP: null, maxTokens: null };

async function configOf(answers: readonly Answer[], options?: ScriptOptions): Promise<KalahiRunConfig | undefined> {
  const ui = scriptedUi(answers, options);
  const choice = await askKalahiRun(ui);
  assert.equal(ui.remaining(), 0);
  return choice === undefined ? undefined : kalahiStartConfig(choice);
}

test('Kalahi open-ended: task, metrics (text metrics checked), provider with the local entry, model 4/5, items of 150', async () => {
  const url = 'http://127.0.0.1:9/v1';
  const ui = scriptedUi(
    ['Kalahi', 'Open-ended', ['chrf', 'bleu', 'bertscore'], 'OpenAI-compatible base URL', url, 'my-model', 'All 150 items'],
    { settings: { bertscoreLayer: 9 } },
  );
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.deepEqual(ui.shown.slice(1), [
    TASK_PICK,
    METRIC_PICK,
    { kind: 'pickOne', title: 'Start Run (4/6): provider', items: [...PROVIDER_ITEMS, LOCAL_ITEM] },
    { kind: 'input', title: 'Base URL', value: 'http://127.0.0.1:8000/v1', emptyProblem: 'Not a URL' },
    {
      kind: 'input',
      title: 'Start Run (5/6): model',
      prompt: 'The model name as the server knows it',
      value: '',
      emptyProblem: 'A model name is required',
    },
    { kind: 'pickOne', title: 'Start Run (6/6): how many items', items: LIMIT_ITEMS(150) },
  ]);
  assert.equal(chosen?.plan.kind, 'endpoint');
  assert.equal(chosen.plan.modelName, 'my-model');
  assert.deepEqual(Object.fromEntries(ui.memory), {
    'lastBaseUrl.openai-compatible': url,
    lastModel: 'my-model',
    lastKalahiMetrics: 'chrf,bleu,bertscore',
  });

  assert.deepEqual(
    await configOf(['Open-ended', ['chrf', 'bleu', 'bertscore'], 'OpenAI-compatible base URL', url, 'my-model', 'All 150 items'], {
      settings: { bertscoreLayer: 9 },
    }),
    {
      model: {
        endpoint: { provider: 'openai-compatible', baseUrl: url },
        name: 'my-model',
        apiKeyEnv: null,
        systemPrompt: null,
        params: GREEDY,
      },
      task: 'open',
      variant: 'full',
      appendPeriod: true,
      limit: null,
      mc: null,
      local: null,
      open: {
        metrics: ['chrf', 'bleu', 'bertscore'],
        primaryMetric: 'chrf',
        neural: { bertscore: { model: 'microsoft/deberta-v3-large', layer: 9, idf: false, rescaleFile: null }, bleurt: null },
      },
    },
  );
});

test('Kalahi both, metrics without chrF: the first is primary; MC by completions; a model setting is a workspace folder when one is there', async () => {
  const root = scratchDir('startrun-workspace');
  // A real model folder: the step checks that it holds BLEURT's files and its logits output.
  mkdirSync(join(root, 'models'), { recursive: true });
  cpSync(TINY_BLEURT, join(root, 'models', 'bleurt'), { recursive: true });
  const options = { workspaceRoot: root, settings: { bleurtModel: ' models/bleurt ', bertscoreModel: 'org/some-bert' } };
  assert.deepEqual(await configOf(['Both', ['bleu', 'rouge-l', 'bleurt', 'bertscore'], 'OpenAI', KEEP, 'First 10 items'], options), {
    model: {
      endpoint: { provider: 'openai', baseUrl: 'https://api.openai.com/v1' },
      name: 'gpt-4o-mini',
      apiKeyEnv: null,
      systemPrompt: null,
      params: GREEDY,
    },
    task: 'both',
    variant: 'full',
    appendPeriod: true,
    limit: 10,
    mc: MC,
    local: null,
    open: {
      metrics: ['bleu', 'rouge-l', 'bleurt', 'bertscore'],
      primaryMetric: 'bleu',
      neural: {
        bertscore: { model: 'org/some-bert', layer: null, idf: false, rescaleFile: null },
        bleurt: { model: join(root, 'models', 'bleurt') },
      },
    },
  });
  // Enter on the metric picker keeps the text metrics; an empty choice cancels.
  const kept = await configOf(['Open-ended', KEEP, 'Azure OpenAI', 'https://res.openai.azure.com', 'dep', 'First 20 items']);
  assert.deepEqual(kept?.open, { metrics: TEXT_METRICS, primaryMetric: 'chrf', neural: { bertscore: null, bleurt: null } });
  assert.deepEqual(kept.model.endpoint, {
    provider: 'azure',
    baseUrl: 'https://res.openai.azure.com',
    apiVersion: '2024-10-21',
    deployment: 'dep',
  });
  assert.equal(await configOf(['Open-ended', []]), undefined);
});

test('Kalahi multiple choice on a server: no metric step, MC by completions with the default template, no sampling parameters', async () => {
  const ui = scriptedUi(['Multiple choice', 'OpenAI-compatible base URL', KEEP, 'vllm-model', 'First 100 items']);
  const choice = await askKalahiRun(ui);
  assert.deepEqual(
    ui.shown.map((s) => s.title),
    ['Start Run (2/6): Kalahi task', 'Start Run (4/6): provider', 'Base URL', 'Start Run (5/6): model', 'Start Run (6/6): how many items'],
  );
  assert.deepEqual(choice === undefined ? undefined : kalahiStartConfig(choice), {
    model: {
      endpoint: { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:8000/v1' },
      name: 'vllm-model',
      apiKeyEnv: null,
      systemPrompt: null,
      params: NO_PARAMS,
    },
    task: 'mc',
    variant: 'full',
    appendPeriod: true,
    limit: 100,
    mc: MC,
    local: null,
    open: null,
  });
});

test('Kalahi on a local GGUF file: the file dialog at the remembered file, the threads setting, no key and no model remembered', async () => {
  const env = { OLLAMA_MODELS: scratchDir('no-ollama') };
  const ui = scriptedUi(['Kalahi', 'Multiple choice', 'Local model file (GGUF)', '/models/tiny q4.gguf', 'First 10 items'], {
    env,
    remembered: { lastModelFile: '/models/old.gguf' },
    settings: { localModelThreads: 2 },
  });
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.deepEqual(ui.shown[3], {
    kind: 'openFile',
    title: 'A GGUF model file',
    filters: { 'GGUF model': ['gguf'], 'All files': ['*'] },
    defaultPath: '/models/old.gguf',
  });
  assert.equal(ui.shown[4]?.title, 'Start Run (6/6): how many items');
  assert.deepEqual(chosen === undefined ? undefined : { kind: chosen.plan.kind, modelName: chosen.plan.modelName, apiKey: chosen.apiKey }, {
    kind: 'local',
    modelName: 'tiny q4',
    apiKey: undefined,
  });
  assert.deepEqual(Object.fromEntries(ui.memory), { lastModelFile: '/models/tiny q4.gguf' });
  assert.equal(chosen?.plan.modelName, defaultLocalModelName('/models/tiny q4.gguf'), 'named as the CLI names --model-file');

  assert.deepEqual(
    await configOf(['Multiple choice', 'Local model file (GGUF)', '/models/tiny q4.gguf', 'First 10 items'], {
      env,
      settings: { localModelThreads: 2 },
    }),
    {
      model: {
        endpoint: { provider: 'local', baseUrl: 'gguf:tiny%20q4' },
        name: 'tiny q4',
        apiKeyEnv: null,
        systemPrompt: null,
        params: NO_PARAMS,
      },
      task: 'mc',
      variant: 'full',
      appendPeriod: true,
      limit: 10,
      mc: { ...MC, logprobs: 'gguf', template: null },
      local: { modelFile: '/models/tiny q4.gguf', choice: { ollama: null, gpuLayers: 'auto', contextSize: null, threads: 2 } },
      open: null,
    },
  );
});

test("Kalahi both on an Ollama model: Ollama's models offered first, the model named by its tag, llama.cpp's own thread count", async () => {
  const store = scratchDir('ollama');
  mkdirSync(join(store, 'manifests', 'registry.ollama.ai', 'library', 'tiny'), { recursive: true });
  writeFileSync(join(store, 'manifests', 'registry.ollama.ai', 'library', 'tiny', 'latest'), '{}');
  const ui = scriptedUi(['Both', KEEP, 'Local model file (GGUF)', '$(package) tiny:latest', 'All 150 items'], {
    env: { OLLAMA_MODELS: store },
  });
  const choice = await askKalahiRun(ui);
  assert.deepEqual(ui.shown[3], {
    kind: 'pickOne',
    title: 'Start Run (5/6): local model',
    items: [{ label: '$(folder-opened) Choose a .gguf file…' }, { label: '$(package) tiny:latest', description: 'pulled by Ollama' }],
  });
  const config = choice === undefined ? undefined : kalahiStartConfig(choice);
  assert.deepEqual(config?.model, {
    endpoint: { provider: 'local', baseUrl: 'gguf:tiny%3Alatest' },
    name: 'tiny:latest',
    apiKeyEnv: null,
    systemPrompt: null,
    params: GREEDY,
  });
  assert.deepEqual(config.mc, { ...MC, logprobs: 'gguf', template: null });
  assert.deepEqual(config.local, {
    modelFile: 'ollama:tiny:latest',
    choice: { ollama: 'ollama:tiny:latest', gpuLayers: 'auto', contextSize: null, threads: null },
  });
  assert.deepEqual(config.open, { metrics: TEXT_METRICS, primaryMetric: 'chrf', neural: { bertscore: null, bleurt: null } });
});

test('the plan runs a Kalahi open-ended session over HTTP, scored by the metrics picked', async (t) => {
  if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
  const server = await startTestServer();
  t.after(() => server.close());
  const ui = scriptedUi([
    'Kalahi',
    'Open-ended',
    ['bleu', 'chrf'],
    'OpenAI-compatible base URL',
    server.url,
    'test-model',
    'First N items…',
    '3',
  ]);
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.ok(chosen !== undefined);
  const env = {
    sources: { dataDir: sharedDataDir, cacheDir: scratchDir('startrun-cache') },
    keys: { model: chosen.apiKey, judge: chosen.apiKey },
    concurrency: 2,
    useCache: false,
    pool: new RequestPool({ maxConcurrency: 2 }),
    cache: undefined,
  };
  const outcome = await runEveryItem(
    join(scratchDir('startrun-runs'), 'kalahi-test-model'),
    await chosen.plan.prepare(env, 'kalahi-test-model'),
    { workers: 2 },
  );
  assert.deepEqual(outcome.manifest.counts, { items: 3, done: 3, error: 0, missing: 0 });
  assert.equal(outcome.manifest.task, 'open');
  const open = KalahiSettingsSchema.parse(outcome.manifest.settings).open;
  assert.deepEqual([open?.metrics, open?.primaryMetric], [['bleu', 'chrf'], 'chrf']);
});

test('every step of Kalahi open-ended has a number of its own: no step number is shown twice (issue 29 #11)', async () => {
  const ui = scriptedUi(['Kalahi', 'Open-ended', KEEP, 'OpenAI', 'm', 'First 10 items'], { keys: { 'https://api.openai.com/v1': 'sk' } });
  assert.ok((await chooseBenchmarkAndPlan(ui, registeredBenchmarks())) !== undefined);
  const numbers = ui.shown
    .map((s) => /^Start Run \((\d+)\/(\d+)\)/.exec(s.title))
    .filter((m) => m !== null)
    .map((m) => `${m[1] ?? ''}/${m[2] ?? ''}`);
  assert.deepEqual(numbers, ['2/6', '3/6', '4/6', '5/6', '6/6']);
  assert.equal(new Set(numbers).size, numbers.length);
});

test('the metrics checked last time, BERTScore and BLEURT included, are checked again in the next Start Run (issue 29 #11)', async () => {
  const first = scriptedUi(['Kalahi', 'Open-ended', ['chrf', 'bertscore', 'bleurt'], 'OpenAI', 'm', 'First 10 items'], {
    keys: { 'https://api.openai.com/v1': 'sk' },
  });
  assert.ok((await chooseBenchmarkAndPlan(first, registeredBenchmarks())) !== undefined);
  const again = scriptedUi(['Kalahi', 'Both', KEEP, 'OpenAI', 'm', 'First 10 items'], {
    remembered: Object.fromEntries(first.memory),
    keys: { 'https://api.openai.com/v1': 'sk' },
  });
  assert.ok((await chooseBenchmarkAndPlan(again, registeredBenchmarks())) !== undefined);
  const shown = again.shown.find((s) => s.kind === 'pickMany');
  assert.ok(shown?.kind === 'pickMany');
  assert.deepEqual(
    shown.items.filter((i) => i.picked === true).map((i) => i.label),
    ['chrf', 'bertscore', 'bleurt'],
  );
});
