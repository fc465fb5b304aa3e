import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { prepareKalahiRun } from '../../core/benchmarks/kalahi/kalahiRun';
import { benchmarkOf, registeredBenchmarks } from '../../core/benchmarks/registry';
import { defaultMetricNames } from '../../core/benchmarks/kalahi/metricSet';
import { NO_NEURAL_METRICS } from '../../core/benchmarks/kalahi/neuralMetrics';
import { type KalahiMetricChoice, pickKalahiMetrics } from './pickKalahiMetrics';
import { DEFAULT_MC_TEMPLATE } from '../../core/benchmarks/kalahi/promptTemplate';
import { type KalahiRunConfig, type KalahiTask, OPEN_MAX_TOKENS } from '../../core/benchmarks/kalahi/settings';
import { DEFAULT_JUDGE, PRESETS, defaultPresetFor } from '../../core/benchmarks/yokaieval/presets';
import { type YokaiEvalRunConfig, prepareYokaiEvalRun } from '../../core/benchmarks/yokaieval/yokaiEvalRun';
import { userCacheDir } from '../../core/data/cacheDir';
import { dataDirFrom } from '../../core/data/resolveSourceFile';
import { DEFAULT_AZURE_API_VERSION, type Endpoint, OPENAI_BASE_URL, type Provider } from '../../core/model/endpoint';
import { RequestPool } from '../../core/model/requestPool';
import { responseCacheIn, startRun } from '../../core/runs/executeRun';
import { type RunSession } from '../../core/runs/runSession';
import { errorMessage } from '../../core/util/errors';
import { uniqueRunName } from '../../core/runs/runName';
import { type ApiKeys } from '../apiKeys';
import { COMMAND_IDS } from '../commandIds';
import { readSettings, runsDirectories } from '../settings';
import { pickLocalModel } from './pickLocalModel';

export interface StartRunDeps {
  readonly apiKeys: ApiKeys;
  readonly memory: vscode.Memento;
  readonly log: vscode.LogOutputChannel;
  readonly openReview: (runDir: string) => void;
  readonly onRunsChanged: () => void;
  /** Where node-llama-cpp may be installed besides the extension (its global storage). */
  readonly runtimeDirs?: readonly string[];
}


/** Start Run…: quick picks for benchmark, task, provider, model, judge and items; the same core and run folder as the CLI. */
export async function startRunCommand(deps: StartRunDeps): Promise<void> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage('Eval Adjudicator: runs call models, so they are disabled in an untrusted workspace. Reviewing existing runs still works.');
    return;
  }
  const [runsDir] = runsDirectories();
  if (runsDir === undefined) {
    void vscode.window.showErrorMessage('Eval Adjudicator: open a folder first; run folders are created under its runs directory.');
    return;
  }
  const benchmark = await vscode.window.showQuickPick(
    registeredBenchmarks().map((b) => ({ label: b.title, description: b.description, id: b.id })),
    { title: 'Start Run (1/5): benchmark', ignoreFocusOut: true },
  );
  if (benchmark === undefined) return;
  // Step numbers: YokaiEval asks for a judge, Kalahi for its task instead.
  const step = benchmark.id === 'kalahi' ? { provider: 3, model: 4 } : { provider: 2, model: 3 };
  let task: KalahiTask = 'open';
  let metricChoice: KalahiMetricChoice | undefined;
  if (benchmark.id === 'kalahi') {
    const picked = await pickKalahiTask();
    if (picked === undefined) return;
    task = picked;
    if (task !== 'mc') {
      metricChoice = await pickKalahiMetrics('2/5');
      if (metricChoice === undefined) return;
    }
  }

  const endpoint = await pickEndpoint(deps.memory, step.provider, benchmark.id === 'kalahi');
  if (endpoint === undefined) return;
  if (endpoint === LOCAL) {
    await startLocalKalahiRun(deps, runsDir, task, metricChoice);
    return;
  }
  const model = await vscode.window.showInputBox({
    title: `Start Run (${step.model}/5): model`,
    prompt: endpoint.provider === 'azure' ? 'The deployment name' : 'The model name as the server knows it',
    value: deps.memory.get<string>('lastModel') ?? (endpoint.provider === 'openai' ? 'gpt-4o-mini' : ''),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? 'A model name is required' : undefined),
  });
  if (model === undefined) return;
  let judge: string | undefined;
  if (benchmark.id === 'yokaieval') {
    judge = await vscode.window.showInputBox({
      title: 'Start Run (4/5): judge model (same endpoint and key as the model)',
      prompt: "The LLM judge; the paper's judge is gpt-4o",
      value: deps.memory.get<string>('lastJudge') ?? DEFAULT_JUDGE.model,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() === '' ? 'A judge model is required' : undefined),
    });
    if (judge === undefined) return;
    await deps.memory.update('lastJudge', judge.trim());
  }
  const limit = await pickLimit(benchmarkOf(benchmark.id).items);
  if (limit === undefined) return;
  await deps.memory.update('lastModel', model.trim());

  const key = await deps.apiKeys.get(endpoint);
  if (key === undefined && endpoint.provider !== 'openai-compatible') {
    const entered = await vscode.window.showInputBox({ title: `API key for ${new URL(endpoint.baseUrl).host}`, password: true, ignoreFocusOut: true, prompt: 'Stored in VS Code secret storage' });
    if (!entered) return;
    await deps.apiKeys.store(endpoint, entered);
  }
  const apiKey = (await deps.apiKeys.get(endpoint))?.key;

  const settings = readSettings();
  const cacheDir = userCacheDir();
  const environment = {
    sources: { dataDir: dataDirFrom(settings.dataDirectory || undefined), cacheDir },
    keys: { model: apiKey, judge: apiKey },
    concurrency: settings.concurrency,
    useCache: settings.cacheResponses,
    pool: new RequestPool({ maxConcurrency: settings.concurrency }),
    cache: settings.cacheResponses ? responseCacheIn(cacheDir) : undefined,
  };
  const withDeployment = (name: string): Endpoint => (endpoint.provider === 'azure' ? { ...endpoint, deployment: name } : endpoint);
  const modelName = model.trim();
  const name = uniqueRunName(runsDir, benchmark.id, modelName);
  const prepare =
    benchmark.id === 'kalahi'
      ? (): Promise<RunSession> => prepareKalahiRun(kalahiConfig(withDeployment(modelName), modelName, task, limit, metricChoice), environment, name)
      : (): Promise<RunSession> => prepareYokaiEvalRun(yokaiEvalConfig(endpoint.provider, withDeployment, modelName, judge?.trim() ?? DEFAULT_JUDGE.model, limit), environment, name);
  await execute(deps, { benchmark: benchmark.id, runDir: join(runsDir, name), name, modelName, concurrency: settings.concurrency, prepare });
}

function yokaiEvalConfig(provider: Provider, withDeployment: (name: string) => Endpoint, model: string, judge: string, limit: number | null): YokaiEvalRunConfig {
  const presetName = defaultPresetFor(provider);
  const preset = PRESETS[presetName];
  return {
    model: { endpoint: withDeployment(model), name: model, apiKeyEnv: null, systemPrompt: preset.model.systemPrompt, params: { temperature: preset.model.temperature, topP: preset.model.topP, maxTokens: preset.model.maxTokens } },
    judge: { endpoint: withDeployment(judge), name: judge, apiKeyEnv: null, systemPrompt: null, params: { temperature: DEFAULT_JUDGE.temperature, topP: DEFAULT_JUDGE.topP, maxTokens: DEFAULT_JUDGE.maxTokens } },
    preset: presetName,
    wording: preset.wording,
    limit,
  };
}

/** The CLI's defaults: greedy open-ended answers scored by every available metric (chrF primary); MC by completions log-probs. */
function kalahiConfig(endpoint: Endpoint, model: string, task: KalahiTask, limit: number | null, choice: KalahiMetricChoice | undefined): KalahiRunConfig {
  const open = task !== 'mc';
  const metrics = choice?.metrics ?? defaultMetricNames();
  return {
    model: {
      endpoint,
      name: model,
      apiKeyEnv: null,
      systemPrompt: null,
      params: open ? { temperature: 0, topP: null, maxTokens: OPEN_MAX_TOKENS } : { temperature: null, topP: null, maxTokens: null },
    },
    task,
    variant: 'full',
    appendPeriod: true,
    limit,
    mc: task === 'open' ? null : { logprobs: 'completions', template: { source: 'default', text: DEFAULT_MC_TEMPLATE }, mc2Mode: 'paper', request: { promptList: null, maxTokens: null } },
    local: null,
    open: open ? { metrics, primaryMetric: metrics.includes('chrf') ? 'chrf' : (metrics[0] ?? 'chrf'), neural: choice?.neural ?? NO_NEURAL_METRICS } : null,
  };
}

interface Execution {
  readonly benchmark: string;
  readonly runDir: string;
  readonly name: string;
  readonly modelName: string;
  readonly concurrency: number;
  readonly prepare: () => Promise<RunSession>;
}

/**
 * Runs with a cancellable progress notification. Once the run folder exists a second notification offers
 * its review, which then fills in live as results arrive; at the end the review opens (or comes forward).
 */
async function execute(deps: StartRunDeps, run: Execution): Promise<void> {
  const title = benchmarkOf(run.benchmark).title;
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `${title}: ${run.modelName}`, cancellable: true }, async (progress, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort(new Error('cancelled')));
    let offered = false;
    let runEnded = (): void => undefined;
    const ended = new Promise<void>((resolve) => (runEnded = resolve));
    const offerReview = (): void => {
      if (offered || !existsSync(join(run.runDir, 'run.json'))) return;
      offered = true;
      deps.onRunsChanged();
      // A progress notification, so it closes when the run ends (a message would outlive the run).
      void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: startedMessage(title, run.name, run.runDir) }, () => ended);
    };
    let session: RunSession | undefined;
    try {
      session = await run.prepare();
      let reported = 0;
      const outcome = await startRun(run.runDir, session, {
        workers: run.concurrency,
        signal: controller.signal,
        onProgress: (p) => {
          offerReview();
          const percent = Math.floor((100 * p.done) / p.total);
          progress.report({ increment: percent - reported, message: `${p.done}/${p.total} items${p.errors > 0 ? `, ${p.errors} errors` : ''}` });
          reported = percent;
        },
      });
      deps.onRunsChanged();
      const c = outcome.manifest.counts;
      deps.log.info(`run ${run.name}: ${c.done} done, ${c.error} errors, ${c.missing} missing of ${c.items}`);
      if (outcome.cancelled) void vscode.window.showWarningMessage(`Run cancelled after ${c.done + c.error} of ${c.items} items. Resume it with: eval-adjudicator run ${run.benchmark} --resume "${run.runDir}"`);
      else if (c.error > 0) void vscode.window.showWarningMessage(`Run finished with ${c.error} errors. Redo them with: eval-adjudicator run ${run.benchmark} --retry-errors "${run.runDir}"`);
      deps.openReview(run.runDir);
    } catch (error) {
      deps.log.error(`run ${run.name}: ${errorMessage(error)}`);
      void vscode.window.showErrorMessage(`Eval Adjudicator: ${errorMessage(error)}`);
    } finally {
      runEnded();
      await session?.release?.();
    }
  });
}

/** The "started" notification: a link opens the review (notifications render command links). */
export function startedMessage(title: string, name: string, runDir: string): string {
  const args = encodeURIComponent(JSON.stringify([runDir]));
  return `${title} run ${name} started: follow it in the review as results arrive. [Open Review](command:${COMMAND_IDS.reviewRun}?${args})`;
}

async function pickKalahiTask(): Promise<KalahiTask | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'Open-ended', description: 'greedy answers scored by similarity to the relevant and irrelevant references (any chat model)', task: 'open' as const },
      { label: 'Multiple choice', description: 'log-probs of each reference (vLLM, or a local GGUF model)', task: 'mc' as const },
      { label: 'Both', description: 'open-ended and multiple choice', task: 'both' as const },
    ],
    { title: 'Start Run (2/5): Kalahi task', ignoreFocusOut: true },
  );
  return picked?.task;
}

const LOCAL = 'local';

/** Kalahi on a GGUF model in-process: file picker (or Ollama's models), then items; the model's own name. */
async function startLocalKalahiRun(deps: StartRunDeps, runsDir: string, task: KalahiTask, metricChoice: KalahiMetricChoice | undefined): Promise<void> {
  const local = await pickLocalModel(deps.memory, '4/5');
  if (local === undefined) return;
  const limit = await pickLimit(benchmarkOf('kalahi').items);
  if (limit === undefined) return;
  const settings = readSettings();
  const cacheDir = userCacheDir();
  const workspaceDirs = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  const environment = {
    sources: { dataDir: dataDirFrom(settings.dataDirectory || undefined), cacheDir },
    keys: {},
    concurrency: 1,
    useCache: false,
    pool: new RequestPool({ maxConcurrency: 1 }),
    cache: undefined,
    cwd: workspaceDirs[0] ?? process.cwd(),
    env: process.env,
    runtimeDirs: [...workspaceDirs, ...(deps.runtimeDirs ?? [])],
  };
  const modelName = local.label;
  const name = uniqueRunName(runsDir, 'kalahi', modelName);
  const base = kalahiConfig({ provider: 'local', baseUrl: `gguf:${encodeURIComponent(modelName)}` }, modelName, task, limit, metricChoice);
  const config: KalahiRunConfig = {
    ...base,
    mc: base.mc === null ? null : { ...base.mc, logprobs: 'gguf', template: null },
    local: { modelFile: local.modelFile, choice: { ollama: local.modelFile.startsWith('ollama:') ? local.modelFile : null, gpuLayers: 'auto', contextSize: null, threads: settings.localModelThreads === 0 ? null : settings.localModelThreads } },
  };
  await execute(deps, { benchmark: 'kalahi', runDir: join(runsDir, name), name, modelName, concurrency: 1, prepare: () => prepareKalahiRun(config, environment, name) });
}

async function pickEndpoint(memory: vscode.Memento, step: number, offerLocal: boolean): Promise<Endpoint | typeof LOCAL | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'OpenAI-compatible base URL', description: 'vLLM, Ollama, llama.cpp, any /v1 server', provider: 'openai-compatible' as Provider },
      { label: 'OpenAI', description: OPENAI_BASE_URL, provider: 'openai' as Provider },
      { label: 'Azure OpenAI', description: 'endpoint, deployment, API version', provider: 'azure' as Provider },
      ...(offerLocal ? [{ label: 'Local model file (GGUF)', description: 'in-process with llama.cpp: a .gguf file or an Ollama model; MC needs no server', provider: 'local' as Provider }] : []),
    ],
    { title: `Start Run (${step}/5): provider`, ignoreFocusOut: true },
  );
  if (picked === undefined) return undefined;
  if (picked.provider === 'local') return LOCAL;
  if (picked.provider === 'openai') return { provider: 'openai', baseUrl: OPENAI_BASE_URL };
  const remembered = memory.get<string>(`lastBaseUrl.${picked.provider}`);
  const url = await vscode.window.showInputBox({
    title: picked.provider === 'azure' ? 'Azure OpenAI endpoint' : 'Base URL',
    value: remembered ?? (picked.provider === 'azure' ? 'https://NAME.openai.azure.com' : 'http://127.0.0.1:8000/v1'),
    ignoreFocusOut: true,
    validateInput: (v) => (URL.canParse(v.trim()) ? undefined : 'Not a URL'),
  });
  if (url === undefined) return undefined;
  await memory.update(`lastBaseUrl.${picked.provider}`, url.trim());
  return picked.provider === 'azure' ? { provider: 'azure', baseUrl: url.trim(), apiVersion: DEFAULT_AZURE_API_VERSION } : { provider: 'openai-compatible', baseUrl: url.trim() };
}

async function pickLimit(total: number): Promise<number | null | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: `All ${total} items`, limit: null as number | null },
      { label: 'First 10 items', description: 'a quick look', limit: 10 },
      { label: 'First 20 items', limit: 20 },
      { label: 'First 100 items', limit: 100 },
      { label: 'First N items…', limit: -1 },
    ],
    { title: 'Start Run (5/5): how many items', ignoreFocusOut: true },
  );
  if (picked === undefined) return undefined;
  if (picked.limit !== -1) return picked.limit;
  const typed = await vscode.window.showInputBox({
    title: 'How many items (from the first)',
    ignoreFocusOut: true,
    validateInput: (v) => (/^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= total ? undefined : `A whole number from 1 to ${total}`),
  });
  return typed === undefined ? undefined : Number(typed.trim());
}
