import { existsSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { benchmarkOf } from '../../core/benchmarks/registry';
import { type Endpoint } from '../../core/model/endpoint';
import { type OutageEvent } from '../../core/model/outageGate';
import { type RunManifest } from '../../core/runs/runManifest';
import { type StartRunEnvironment } from '../../core/startRunSteps/startRunUi';
import { UserError } from '../../core/util/errors';
import { RESUME, type RETRY_ERRORS, type RunEndUi, continueToEnd } from './runEnd';
import { readRunManifest } from '../../core/benchmarks/runRegistry';

/** The Runs view's actions need the run end's notifications and a modal confirmation. */
export interface RunActionsUi extends RunEndUi {
  /** A modal question: whether the user pressed `button` (not Cancel). */
  confirm(message: string, button: string): Promise<boolean>;
}

export interface RunActionsDeps {
  /** How each execution's environment is made for the run's model (its key looked up once; a new pool each time). */
  environmentFor(model: Endpoint): Promise<(onOutage: (event: OutageEvent) => void) => StartRunEnvironment>;
  /** The run folder changed (a run went on, or was deleted). */
  onRunsChanged(): void;
}

/** The endpoint the run's model was asked at, from run.json. */
function modelEndpoint(model: NonNullable<RunManifest['model']>): Endpoint {
  return {
    provider: model.provider,
    baseUrl: model.baseUrl,
    ...(model.deployment !== undefined ? { deployment: model.deployment } : {}),
    ...(model.apiVersion !== undefined ? { apiVersion: model.apiVersion } : {}),
  };
}

/**
 * Resume (the items without a result) or Retry Errors (the items whose result is an error) on any run of the
 * Runs view, as the CLI's --resume and --retry-errors do: its session reopened from run.json, then the same
 * ending as a run Start Run launched (errors left: Retry Errors; cancelled: Resume).
 */
export async function continueRunFromView(
  ui: RunActionsUi,
  deps: RunActionsDeps,
  runDir: string,
  step: typeof RESUME | typeof RETRY_ERRORS,
): Promise<void> {
  const manifest = readRunManifest(runDir);
  const benchmark = benchmarkOf(manifest.benchmark);
  const name = basename(runDir);
  if (manifest.status === 'imported' || manifest.model === null)
    throw new UserError(`${name} was imported, not run: it has no model to ${step === RESUME ? 'resume' : 'retry'}`);
  const reopen = benchmark.startRun?.reopen;
  if (reopen === undefined)
    throw new UserError(
      `${benchmark.title} runs are not run from the extension: use the CLI's run ${benchmark.id} ${step === RESUME ? '--resume' : '--retry-errors'}`,
    );
  const left = step === RESUME ? manifest.counts.missing : manifest.counts.error;
  if (left === 0) {
    await ui.info(
      step === RESUME ? `${name}: every item has a result; nothing to resume.` : `${name}: no item has an error; nothing to retry.`,
    );
    return;
  }
  const environment = await deps.environmentFor(modelEndpoint(manifest.model));
  await continueToEnd(
    ui,
    {
      title: benchmark.title,
      benchmarkId: benchmark.id,
      modelName: manifest.model.name,
      name,
      runDir,
      sessions: { reopen: (env, recorded) => reopen(env, recorded) },
      environment,
      onEnded: () => deps.onRunsChanged(),
    },
    step,
  );
}

/** Delete Run: after a modal confirmation naming what goes, the run folder is removed (only a folder with a run.json). */
export async function deleteRunFromView(ui: RunActionsUi, deps: RunActionsDeps, runDir: string): Promise<boolean> {
  if (!existsSync(join(runDir, 'run.json'))) throw new UserError(`${runDir} is not a run folder (it has no run.json)`);
  const adjudications = existsSync(join(runDir, 'adjudications.jsonl')) ? ', and its adjudications (every decision made on it)' : '';
  const confirmed = await ui.confirm(
    `Delete the run ${basename(runDir)}? Its folder ${runDir} is removed with its results${adjudications}. This cannot be undone.`,
    'Delete Run',
  );
  if (!confirmed) return false;
  rmSync(runDir, { recursive: true, force: true });
  deps.onRunsChanged();
  return true;
}
