import { type OutageEvent } from '../../core/model/outageGate';
import { commonestError } from '../../core/runs/errorCause';
import { type ExecuteOptions, type ExecuteOutcome, type Selection, continueRun, runEveryItem } from '../../core/runs/executeRun';
import { withRecordedCache } from '../../core/runs/recordedOptions';
import { runPaths } from '../../core/runs/runFolder';
import { type RunSession } from '../../core/runs/runSession';
import { type PlanSessions, type StartRunEnvironment } from '../../core/startRunSteps/startRunUi';
import { errorMessage } from '../../core/util/errors';
import { type ProgressReport, runProgress } from './runProgress';
import { readRunResults, readRunManifest } from '../../core/benchmarks/runRegistry';

export const RETRY_ERRORS = 'Retry Errors';
export const RESUME = 'Resume';

/** What the user asked for at the end of an execution: go on with the items without a result, or redo the errored ones. */
type NextStep = typeof RESUME | typeof RETRY_ERRORS | undefined;

/** What the end of a run needs of VS Code (notifications, the log), so that it can be driven without it. */
export interface RunEndUi {
  /** A cancellable progress notification for as long as `task` runs; `signal` aborts on its Cancel. */
  progress<T>(title: string, task: (report: ProgressReport, signal: AbortSignal) => Promise<T>): Promise<T>;
  /** A warning with buttons: the button pressed (undefined: dismissed). */
  warning(message: string, ...buttons: string[]): Promise<string | undefined>;
  info(message: string): Promise<void>;
  /** An error notification, with buttons: the button pressed. */
  error(error: unknown, ...buttons: string[]): Promise<string | undefined>;
  log(line: string, level?: 'info' | 'error'): void;
}

/** A run Start Run launched, or one the Runs view goes on with: where it goes, how its sessions are made, what its host is told. */
export interface ContinuedRun {
  /** The benchmark's title and id, the run's name and folder. */
  readonly title: string;
  readonly benchmarkId: string;
  readonly modelName: string;
  readonly name: string;
  readonly runDir: string;
  readonly sessions: Pick<PlanSessions, 'reopen'>;
  /**
   * An environment for one execution, its pool told of outages. Called once per execution (the run, each
   * Retry Errors), so a retry starts with a new pool: no outage given up and no endpoint state carried over.
   */
  environment(onOutage: (event: OutageEvent) => void): StartRunEnvironment;
  /** A result arrived (the first offers the review). */
  onResult?(): void;
  /** An execution ended however it ended (its outcome, or the error that stopped it): the run folder changed. */
  onEnded?(outcome: ExecuteOutcome | undefined, stoppedBy?: unknown): void;
}

/** A run Start Run launched: its plan makes its first session too. */
export interface ExtensionRun extends ContinuedRun {
  readonly sessions: PlanSessions;
}

type Ended = { readonly ok: true; readonly outcome: ExecuteOutcome } | { readonly ok: false; readonly error: unknown };

/**
 * Runs a new run with progress, then says how it ended. Errors left: a warning with their count and
 * commonest cause and a Retry Errors button, which redoes exactly those items in the same run folder (a
 * fresh session by the plan's reopen, then continueRun 'errors', as the CLI's --retry-errors), with
 * progress, then says again how it ended. Cancelled with items left: a warning with a Resume button, which
 * runs the items without a result the same way (continueRun 'missing', as the CLI's --resume). An endpoint
 * never reached ends the run at once with its error.
 */
export async function runToEnd(ui: RunEndUi, run: ExtensionRun): Promise<void> {
  const ended = await execute(ui, run, `${run.title}: ${run.modelName}`, async (env, options) =>
    runEveryItem(run.runDir, await run.sessions.prepare(env, run.name), options),
  );
  await followUp(ui, run, ended, undefined);
}

/** The Runs view's Resume or Retry Errors on an existing run folder: that execution, then the same ending as runToEnd's. */
export async function continueToEnd(ui: RunEndUi, run: ContinuedRun, step: typeof RESUME | typeof RETRY_ERRORS): Promise<void> {
  await followUp(ui, run, await executeStep(ui, run, step), step);
}

async function followUp(ui: RunEndUi, run: ContinuedRun, first: Ended, firstStep: NextStep): Promise<void> {
  let ended = first;
  for (let last: NextStep = firstStep; ;) {
    const next = await reportEnd(ui, run, ended, last);
    if (next === undefined) return;
    last = next;
    ended = await executeStep(ui, run, next);
  }
}

function executeStep(ui: RunEndUi, run: ContinuedRun, step: typeof RESUME | typeof RETRY_ERRORS): Promise<Ended> {
  const counts = countsLeft(run.runDir);
  const title =
    step === RESUME
      ? `${run.title}: resuming ${plural(counts.missing, 'item')} of ${run.name}`
      : `${run.title}: retrying ${plural(counts.error, 'error')} of ${run.name}`;
  return execute(ui, run, title, (env, options) => continueIn(run, step === RESUME ? 'missing' : 'errors', env, options));
}

/** The CLI's --resume ('missing') or --retry-errors ('errors'): the run folder's session reopened from its run.json, those items run. */
async function continueIn(
  run: ContinuedRun,
  selection: Selection,
  env: StartRunEnvironment,
  options: ExecuteOptions,
): Promise<ExecuteOutcome> {
  const manifest = readRunManifest(run.runDir);
  const session: RunSession = await run.sessions.reopen(withRecordedCache(env, manifest), manifest);
  return continueRun(runPaths(run.runDir), session, selection, options);
}

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

function execute(
  ui: RunEndUi,
  run: ContinuedRun,
  title: string,
  go: (env: StartRunEnvironment, options: ExecuteOptions) => Promise<ExecuteOutcome>,
): Promise<Ended> {
  return ui.progress(title, async (report, signal): Promise<Ended> => {
    const progress = runProgress(report);
    const base = run.environment(progress.outage);
    const env: StartRunEnvironment = { ...base, sources: { ...base.sources, signal }, onPhase: (phase) => report(`${phase.message}…`) };
    let outcome: ExecuteOutcome | undefined;
    let stoppedBy: unknown;
    try {
      outcome = await go(env, {
        workers: env.concurrency,
        signal,
        onProgress: (p) => {
          run.onResult?.();
          progress.items(p);
        },
      });
      return { ok: true, outcome };
    } catch (error) {
      stoppedBy = error;
      return { ok: false, error };
    } finally {
      run.onEnded?.(outcome, stoppedBy);
    }
  });
}

/** Says how an execution ended (`continued`: it was a Resume or a Retry Errors); what the user asked to do next. */
async function reportEnd(ui: RunEndUi, run: ContinuedRun, ended: Ended, continued: NextStep): Promise<NextStep> {
  if (!ended.ok) {
    ui.log(`run ${run.name}: ${errorMessage(ended.error)}`, 'error');
    // A resume or retry that could not run (the endpoint still down) leaves its items: it can be asked again.
    const left = countsLeft(run.runDir);
    const buttons = continued === undefined ? [] : left.missing > 0 ? [RESUME] : left.error > 0 ? [RETRY_ERRORS] : [];
    return nextStep(await ui.error(ended.error, ...buttons));
  }
  const { outcome } = ended;
  const c = outcome.manifest.counts;
  ui.log(`run ${run.name}: ${c.done} done, ${c.error} errors, ${c.missing} missing of ${c.items}`);
  if (outcome.cancelled && c.missing > 0) {
    return nextStep(
      await ui.warning(
        `Run cancelled after ${c.done + c.error} of ${c.items} items. Resume it here, or with: eval-adjudicator run ${run.benchmarkId} --resume "${run.runDir}"`,
        RESUME,
      ),
    );
  }
  if (c.error === 0) {
    if (continued !== undefined) await ui.info(`${run.title} run ${run.name}: no errors left, all ${c.items} items have results.`);
    return undefined;
  }
  const step = continued === RESUME ? 'resume' : 'retry';
  return nextStep(
    await ui.warning(
      errorsMessage(
        run,
        c.error,
        c.items,
        continued === undefined ? undefined : `after the ${outcome.cancelled ? 'cancelled ' : ''}${step}`,
      ),
      RETRY_ERRORS,
    ),
  );
}

const nextStep = (button: string | undefined): NextStep => (button === RESUME || button === RETRY_ERRORS ? button : undefined);

/** "… finished with 3 errors (of 20 items). Cause (all 3): model: 500 Internal Server Error". */
function errorsMessage(run: ContinuedRun, errors: number, items: number, afterRetry: string | undefined): string {
  const counted = `${errors} error${errors === 1 ? '' : 's'}`;
  const head =
    afterRetry === undefined
      ? `${run.title} run ${run.name} finished with ${counted} (of ${items} items).`
      : `${run.title} run ${run.name}: ${counted} left ${afterRetry} (of ${items} items).`;
  const cause = causeOf(run.runDir);
  if (cause === undefined) return head;
  return `${head} ${cause.count === cause.errors ? `Cause (${cause.errors === 1 ? 'the one error' : `all ${cause.errors}`})` : `Commonest cause (${cause.count} of ${cause.errors})`}: ${cause.text}`;
}

function causeOf(runDir: string): ReturnType<typeof commonestError> {
  try {
    return commonestError(readRunResults(runDir).byItem.values());
  } catch {
    return undefined;
  }
}

function countsLeft(runDir: string): { readonly error: number; readonly missing: number } {
  try {
    return readRunManifest(runDir).counts;
  } catch {
    return { error: 0, missing: 0 };
  }
}
