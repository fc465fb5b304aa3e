import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { type Benchmark } from '../../core/benchmarks/benchmark';
import { registeredBenchmarks } from '../../core/benchmarks/registry';
import { userCacheDir } from '../../core/data/cacheDir';
import { RequestPool } from '../../core/model/requestPool';
import { responseCacheIn, startRun } from '../../core/runs/executeRun';
import { type PhaseListener } from '../../core/runs/runPhase';
import { type RunSession } from '../../core/runs/runSession';
import { uniqueRunName } from '../../core/runs/runName';
import { type StartRunEnvironment } from '../../core/startRun/startRunUi';
import { chooseRun } from '../../core/startRun/startRunWizard';
import { errorMessage } from '../../core/util/errors';
import { type ApiKeys } from '../apiKeys';
import { COMMAND_IDS } from '../commandIds';
import { extensionSources, showExtensionError } from '../dataSources';
import { type Settings, readSettings, runsDirectories } from '../settings';
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
    void vscode.window.showWarningMessage('Eval Adjudicator: runs call models, so they are disabled in an untrusted workspace. Reviewing existing runs still works.');
    return;
  }
  const [runsDir] = runsDirectories();
  if (runsDir === undefined) {
    void vscode.window.showErrorMessage('Eval Adjudicator: open a folder first; run folders are created under its runs directory.');
    return;
  }
  const chosen = await chooseRun(vscodeStartRunUi(deps.memory, deps.apiKeys), registeredBenchmarks());
  if (chosen === undefined) return;
  const { benchmark, plan } = chosen;
  const settings = readSettings();
  const name = uniqueRunName(runsDir, benchmark.id, plan.modelName);
  const environment =
    plan.kind === 'local' ? localEnvironment(deps, settings) : { ...endpointEnvironment(settings, chosen.apiKey), ...(plan.local === true ? localFolders(deps) : {}) };
  await execute(deps, {
    benchmark,
    runDir: join(runsDir, name),
    name,
    modelName: plan.modelName,
    concurrency: environment.concurrency,
    prepare: (onPhase, signal) => plan.prepare({ ...environment, sources: { ...environment.sources, signal }, onPhase }, name),
  });
}

/** A model behind an endpoint: the settings' concurrency and response cache, the endpoint's key for model and judge. */
function endpointEnvironment(settings: Settings, apiKey: string | undefined): StartRunEnvironment {
  const cacheDir = userCacheDir();
  return {
    sources: { ...extensionSources(settings.dataDirectory), cacheDir },
    keys: { model: apiKey, judge: apiKey },
    concurrency: settings.concurrency,
    useCache: settings.cacheResponses,
    pool: new RequestPool({ maxConcurrency: settings.concurrency }),
    cache: settings.cacheResponses ? responseCacheIn(cacheDir) : undefined,
  };
}

/** Where a local model's relative paths start, Ollama is looked up and node-llama-cpp is looked for (the workspace folders, the extension's storage). */
function localFolders(deps: StartRunDeps): Pick<StartRunEnvironment, 'cwd' | 'env' | 'runtimeDirs'> {
  const workspaceDirs = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
  return { cwd: workspaceDirs[0] ?? process.cwd(), env: process.env, runtimeDirs: [...workspaceDirs, ...(deps.runtimeDirs ?? [])] };
}

/** Model files in-process: one item at a time, no cache. */
function localEnvironment(deps: StartRunDeps, settings: Settings): StartRunEnvironment {
  return {
    sources: extensionSources(settings.dataDirectory),
    keys: {},
    concurrency: 1,
    useCache: false,
    pool: new RequestPool({ maxConcurrency: 1 }),
    cache: undefined,
    ...localFolders(deps),
  };
}

interface Execution {
  readonly benchmark: Benchmark;
  readonly runDir: string;
  readonly name: string;
  readonly modelName: string;
  readonly concurrency: number;
  /** `onPhase`: the steps before the first result, shown in the progress notification; `signal`: its Cancel. */
  readonly prepare: (onPhase: PhaseListener, signal: AbortSignal) => Promise<RunSession>;
}

/**
 * Runs with a cancellable progress notification. Once the run folder exists a second notification offers
 * its review, which then fills in live as results arrive; at the end the review opens (or comes forward).
 */
async function execute(deps: StartRunDeps, run: Execution): Promise<void> {
  const title = run.benchmark.title;
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
    try {
      const session = await run.prepare((phase) => progress.report({ message: `${phase.message}…` }), controller.signal);
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
      if (outcome.cancelled) void vscode.window.showWarningMessage(`Run cancelled after ${c.done + c.error} of ${c.items} items. Resume it with: eval-adjudicator run ${run.benchmark.id} --resume "${run.runDir}"`);
      else if (c.error > 0) void vscode.window.showWarningMessage(`Run finished with ${c.error} errors. Redo them with: eval-adjudicator run ${run.benchmark.id} --retry-errors "${run.runDir}"`);
      deps.openReview(run.runDir);
    } catch (error) {
      deps.log.error(`run ${run.name}: ${errorMessage(error)}`);
      void showExtensionError(error);
    } finally {
      runEnded();
    }
  });
}

/** The "started" notification: a link opens the review (notifications render command links). */
export function startedMessage(title: string, name: string, runDir: string): string {
  const args = encodeURIComponent(JSON.stringify([runDir]));
  return `${title} run ${name} started: follow it in the review as results arrive. [Open Review](command:${COMMAND_IDS.reviewRun}?${args})`;
}
