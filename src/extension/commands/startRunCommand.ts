import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { registeredBenchmarks } from '../../core/benchmarks/registry';
import { userCacheDir } from '../../core/data/cacheDir';
import { RequestPool } from '../../core/model/requestPool';
import { type OutageEvent } from '../../core/model/outageGate';
import { responseCacheIn } from '../../core/runs/executeRun';
import { uniqueRunName } from '../../core/runs/runName';
import { type StartRunEnvironment } from '../../core/startRunSteps/startRunUi';
import { chooseBenchmarkAndPlan } from '../../core/startRun/startRunWizard';
import { rememberRunEnd } from '../../core/startRunSteps/sharedSteps';
import { type ApiKeys } from '../apiKeys';
import { COMMAND_IDS } from '../commandIds';
import { extensionSources } from '../dataSources';
import { type Settings, readSettings, runsDirectories } from '../settings';
import { type ExtensionRun, runToEnd } from './runEnd';
import { vscodeRunEndUi } from './vscodeRunEndUi';
import { vscodeStartRunUi } from './vscodeStartRunUi';

export interface StartRunDeps {
  readonly apiKeys: ApiKeys;
  readonly memory: vscode.Memento;
  readonly log: vscode.LogOutputChannel;
  readonly openReview: (runDir: string) => void;
  readonly onRunsChanged: () => void;
  /** Where node-llama-cpp may be installed besides the extension (its global storage). */
  readonly runtimeDirs?: readonly string[];
}

/** Start Run…: the benchmark, then its own steps (src/core/benchmarks/<id>/startRun.ts); the same core and run folder as the CLI. */
export async function startRunCommand(deps: StartRunDeps): Promise<void> {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(
      'Eval Adjudicator: runs call models, so they are disabled in an untrusted workspace. Reviewing existing runs still works.',
    );
    return;
  }
  const [runsDir] = runsDirectories();
  if (runsDir === undefined) {
    void vscode.window.showErrorMessage('Eval Adjudicator: open a folder first; run folders are created under its runs directory.');
    return;
  }
  const chosen = await chooseBenchmarkAndPlan(vscodeStartRunUi(deps.memory, deps.apiKeys), registeredBenchmarks());
  if (chosen === undefined) return;
  const { benchmark, plan } = chosen;
  const settings = readSettings();
  const name = uniqueRunName(runsDir, benchmark.id, plan.modelName);
  const environment = (onOutage: (event: OutageEvent) => void): StartRunEnvironment =>
    plan.kind === 'local'
      ? localEnvironment(deps, settings, onOutage)
      : { ...endpointEnvironment(settings, chosen.apiKey, onOutage), ...(plan.local === true ? localFolders(deps) : {}) };
  await execute(deps, {
    title: benchmark.title,
    benchmarkId: benchmark.id,
    modelName: plan.modelName,
    name,
    runDir: join(runsDir, name),
    sessions: plan,
    environment,
  });
}

/** A model behind an endpoint: the settings' concurrency and response cache, the endpoint's key for model and judge. */
export function endpointEnvironment(
  settings: Settings,
  apiKey: string | undefined,
  onOutage: (event: OutageEvent) => void,
): StartRunEnvironment {
  const cacheDir = userCacheDir();
  return {
    sources: { ...extensionSources(settings.dataDirectory), cacheDir },
    keys: { model: apiKey, judge: apiKey },
    concurrency: settings.concurrency,
    useCache: settings.cacheResponses,
    pool: new RequestPool({ maxConcurrency: settings.concurrency, onOutage }),
    cache: settings.cacheResponses ? responseCacheIn(cacheDir) : undefined,
  };
}

/** Where a local model's relative paths start, Ollama is looked up and node-llama-cpp is looked for (the workspace folders, the extension's storage). */
export function localFolders(deps: Pick<StartRunDeps, 'runtimeDirs'>): Pick<StartRunEnvironment, 'cwd' | 'env' | 'runtimeDirs'> {
  const workspaceDirs = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  return { cwd: workspaceDirs[0] ?? process.cwd(), env: process.env, runtimeDirs: [...workspaceDirs, ...(deps.runtimeDirs ?? [])] };
}

/** Model files in-process: one item at a time, no cache. */
export function localEnvironment(
  deps: Pick<StartRunDeps, 'runtimeDirs'>,
  settings: Settings,
  onOutage: (event: OutageEvent) => void,
): StartRunEnvironment {
  return {
    sources: extensionSources(settings.dataDirectory),
    keys: {},
    concurrency: 1,
    useCache: false,
    pool: new RequestPool({ maxConcurrency: 1, onOutage }),
    cache: undefined,
    ...localFolders(deps),
  };
}

/**
 * Runs with a cancellable progress notification (runEnd.ts). Once the run folder exists a second
 * notification offers its review, which then fills in live as results arrive; when the run ends the review
 * opens (or comes forward), and errors are offered for Retry Errors.
 */
async function execute(deps: StartRunDeps, run: Omit<ExtensionRun, 'onResult' | 'onEnded'>): Promise<void> {
  let offered = false;
  let runEnded = (): void => undefined;
  const ended = new Promise<void>((resolve) => (runEnded = resolve));
  await runToEnd(vscodeRunEndUi(deps.log), {
    ...run,
    onResult: () => {
      if (offered || !existsSync(join(run.runDir, 'run.json'))) return;
      offered = true;
      deps.onRunsChanged();
      // A progress notification, so it closes when the run ends (a message would outlive the run).
      void vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: startedMessage(run.title, run.name, run.runDir) },
        () => ended,
      );
    },
    onEnded: (outcome, stoppedBy) => {
      runEnded();
      void rememberRunEnd(vscodeStartRunUi(deps.memory, deps.apiKeys), stoppedBy);
      deps.onRunsChanged();
      if (outcome !== undefined) deps.openReview(run.runDir);
    },
  });
}

/** The "started" notification: a link opens the review (notifications render command links). */
export function startedMessage(title: string, name: string, runDir: string): string {
  const args = encodeURIComponent(JSON.stringify([runDir]));
  return `${title} run ${name} started: follow it in the review as results arrive. [Open Review](command:${COMMAND_IDS.reviewRun}?${args})`;
}
