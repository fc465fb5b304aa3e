import { join } from 'node:path';
import * as vscode from 'vscode';
import { DEFAULT_JUDGE, PRESETS, defaultPresetFor } from '../../core/benchmarks/yokaieval/presets';
import { type YokaiEvalRunConfig, prepareYokaiEvalRun } from '../../core/benchmarks/yokaieval/yokaiEvalRun';
import { userCacheDir } from '../../core/data/cacheDir';
import { dataDirFrom } from '../../core/data/resolveSourceFile';
import { DEFAULT_AZURE_API_VERSION, type Endpoint, OPENAI_BASE_URL, type Provider } from '../../core/model/endpoint';
import { RequestPool } from '../../core/model/requestPool';
import { responseCacheIn, startRun } from '../../core/runs/executeRun';
import { errorMessage } from '../../core/util/errors';
import { uniqueRunName } from '../../core/runs/runName';
import { type ApiKeys } from '../apiKeys';
import { readSettings, runsDirectories } from '../settings';

export interface StartRunDeps {
  readonly apiKeys: ApiKeys;
  readonly memory: vscode.Memento;
  readonly log: vscode.LogOutputChannel;
  readonly openReview: (runDir: string) => void;
  readonly onRunsChanged: () => void;
}

const YOKAIEVAL_ITEMS = 810;

/** Start Run…: quick picks for benchmark, provider, model, judge and items; the same core and run folder as the CLI. */
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
    [{ label: 'YokaiEval', description: '810 four-choice questions on Japanese folklore, judged by an LLM', id: 'yokaieval' as const }],
    { title: 'Start Run (1/5): benchmark', ignoreFocusOut: true },
  );
  if (benchmark === undefined) return;

  const endpoint = await pickEndpoint(deps.memory);
  if (endpoint === undefined) return;
  const model = await vscode.window.showInputBox({
    title: 'Start Run (3/5): model',
    prompt: endpoint.provider === 'azure' ? 'The deployment name' : 'The model name as the server knows it',
    value: deps.memory.get<string>('lastModel') ?? (endpoint.provider === 'openai' ? 'gpt-4o-mini' : ''),
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? 'A model name is required' : undefined),
  });
  if (model === undefined) return;
  const judge = await vscode.window.showInputBox({
    title: 'Start Run (4/5): judge model (same endpoint and key as the model)',
    prompt: "The LLM judge; the paper's judge is gpt-4o",
    value: deps.memory.get<string>('lastJudge') ?? DEFAULT_JUDGE.model,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? 'A judge model is required' : undefined),
  });
  if (judge === undefined) return;
  const limit = await pickLimit(YOKAIEVAL_ITEMS);
  if (limit === undefined) return;
  await deps.memory.update('lastModel', model.trim());
  await deps.memory.update('lastJudge', judge.trim());

  const key = await deps.apiKeys.get(endpoint);
  if (key === undefined && endpoint.provider !== 'openai-compatible') {
    const entered = await vscode.window.showInputBox({ title: `API key for ${new URL(endpoint.baseUrl).host}`, password: true, ignoreFocusOut: true, prompt: 'Stored in VS Code secret storage' });
    if (!entered) return;
    await deps.apiKeys.store(endpoint, entered);
  }
  const apiKey = (await deps.apiKeys.get(endpoint))?.key;

  const settings = readSettings();
  const presetName = defaultPresetFor(endpoint.provider);
  const preset = PRESETS[presetName];
  const withDeployment = (name: string): Endpoint => (endpoint.provider === 'azure' ? { ...endpoint, deployment: name } : endpoint);
  const config: YokaiEvalRunConfig = {
    model: { endpoint: withDeployment(model.trim()), name: model.trim(), apiKeyEnv: null, systemPrompt: preset.model.systemPrompt, params: { temperature: preset.model.temperature, topP: preset.model.topP, maxTokens: preset.model.maxTokens } },
    judge: { endpoint: withDeployment(judge.trim()), name: judge.trim(), apiKeyEnv: null, systemPrompt: null, params: { temperature: DEFAULT_JUDGE.temperature, topP: DEFAULT_JUDGE.topP, maxTokens: DEFAULT_JUDGE.maxTokens } },
    preset: presetName,
    wording: preset.wording,
    limit,
  };
  const cacheDir = userCacheDir();
  const dataDir = dataDirFrom(settings.dataDirectory || undefined);
  const name = uniqueRunName(runsDir, benchmark.id, config.model.name);
  const runDir = join(runsDir, name);

  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `YokaiEval: ${config.model.name}`, cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort(new Error('cancelled')));
      try {
        const session = await prepareYokaiEvalRun(
          config,
          {
            sources: { dataDir, cacheDir, signal: controller.signal },
            keys: { model: apiKey, judge: apiKey },
            concurrency: settings.concurrency,
            useCache: settings.cacheResponses,
            pool: new RequestPool({ maxConcurrency: settings.concurrency }),
            cache: settings.cacheResponses ? responseCacheIn(cacheDir) : undefined,
          },
          name,
        );
        let reported = 0;
        const outcome = await startRun(runDir, session, {
          workers: settings.concurrency,
          signal: controller.signal,
          onProgress: (p) => {
            const percent = Math.floor((100 * p.done) / p.total);
            progress.report({ increment: percent - reported, message: `${p.done}/${p.total} items${p.errors > 0 ? `, ${p.errors} errors` : ''}` });
            reported = percent;
          },
        });
        deps.onRunsChanged();
        const c = outcome.manifest.counts;
        deps.log.info(`run ${name}: ${c.done} done, ${c.error} errors, ${c.missing} missing of ${c.items}`);
        if (outcome.cancelled) void vscode.window.showWarningMessage(`Run cancelled after ${c.done + c.error} of ${c.items} items. Resume it with: eval-adjudicator run yokaieval --resume "${runDir}"`);
        else if (c.error > 0) void vscode.window.showWarningMessage(`Run finished with ${c.error} errors. Redo them with: eval-adjudicator run yokaieval --retry-errors "${runDir}"`);
        deps.openReview(runDir);
      } catch (error) {
        deps.log.error(`run ${name}: ${errorMessage(error)}`);
        void vscode.window.showErrorMessage(`Eval Adjudicator: ${errorMessage(error)}`);
      }
    },
  );
}

async function pickEndpoint(memory: vscode.Memento): Promise<Endpoint | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: 'OpenAI-compatible base URL', description: 'vLLM, Ollama, llama.cpp, any /v1 server', provider: 'openai-compatible' as Provider },
      { label: 'OpenAI', description: OPENAI_BASE_URL, provider: 'openai' as Provider },
      { label: 'Azure OpenAI', description: 'endpoint, deployment, API version', provider: 'azure' as Provider },
    ],
    { title: 'Start Run (2/5): provider', ignoreFocusOut: true },
  );
  if (picked === undefined) return undefined;
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
      { label: 'First 20 items', description: 'a quick look', limit: 20 },
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
