import { ResponseCache } from '../model/responseCache';
import { type ItemProgress, runItems } from './itemRunner';
import { type RunManifest } from './runManifest';
import { type RunPaths, createRunFolder, readCurrentResults, readManifest, writeManifest } from './runFolder';
import { type RunSession } from './runSession';
import { type ResultLine, addUsage } from './resultLine';
import { join } from 'node:path';
import { RequestLedger, pendingRequests } from './requestLedger';
import { errorMessage } from '../util/errors';

export type Selection = 'all' | 'missing' | 'errors';

export interface ExecuteOptions {
  readonly workers: number;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: (progress: ItemProgress) => void;
  /** Told when a torn last line was moved aside on opening results.jsonl. */
  readonly onTornLine?: (movedTo: string) => void;
}

export interface ExecuteOutcome {
  readonly paths: RunPaths;
  readonly manifest: RunManifest;
  readonly attempted: number;
  readonly cancelled: boolean;
}

export function responseCacheIn(cacheDir: string): ResponseCache {
  return new ResponseCache(join(cacheDir, 'responses'));
}

/**
 * Creates the run folder of a new session and runs every item. The session's preflight runs once, before
 * anything is written; its release once, when the run ends however it ends (this is its only caller).
 */
export async function runEveryItem(dir: string, session: RunSession, options: ExecuteOptions): Promise<ExecuteOutcome> {
  try {
    const ids = [...session.tasks.keys()];
    await session.preflight?.(ids, options.signal, options.workers);
    const paths = createRunFolder(dir, session.manifest);
    return await runSelected(
      paths,
      session,
      ids,
      readCurrentResults(paths.dir, { manifest: session.manifest, basics: session.basics }).byItem,
      options,
    );
  } finally {
    await session.release?.();
  }
}

/**
 * Runs the selected items of an existing run folder: 'missing' completes a resumed run, 'errors' redoes
 * exactly the items whose current result is an error. Each item ends with exactly one current result.
 * Preflight (of the selected items) and release run once, as for runEveryItem.
 */
export async function continueRun(
  paths: RunPaths,
  session: RunSession,
  selection: Selection,
  options: ExecuteOptions,
): Promise<ExecuteOutcome> {
  try {
    const before = readCurrentResults(paths.dir, { manifest: session.manifest, basics: session.basics }).byItem;
    const ids = [...session.tasks.keys()].filter((id) => {
      const current = before.get(id);
      if (selection === 'missing') return current === undefined;
      if (selection === 'errors') return current !== undefined && current.error !== null;
      return true;
    });
    if (ids.length > 0) await session.preflight?.(ids, options.signal, options.workers);
    return await runSelected(paths, session, ids, before, options);
  } finally {
    await session.release?.();
  }
}

async function runSelected(
  paths: RunPaths,
  session: RunSession,
  ids: readonly string[],
  before: ReadonlyMap<string, CountedResult>,
  options: ExecuteOptions,
): Promise<ExecuteOutcome> {
  // Requests a killed session left in the ledger join run.json before this session's count starts.
  const recorded = withoutStop(readManifestOr(paths, session.manifest));
  const usage = { ...recorded.usage, requests: recorded.usage.requests + pendingRequests(paths.dir) };
  const running: RunManifest = { ...recorded, status: 'running', finishedAt: null, usage };
  writeManifest(paths, running);
  const sent = (): number => session.clients.reduce((sum, c) => sum + c.requestsSent, 0);
  const ledger = RequestLedger.start(paths.dir);
  // The ledger holds the session's requests not yet in run.json.
  let inRunJson = 0;
  for (const client of session.clients) client.onRequest = () => ledger?.record(sent() - inRunJson);
  ledger?.record(sent());

  // Each item's current result: what was read above, then each line as this run appends it (no reread at the end).
  const current = new Map<string, CountedResult>(before);
  // If the run stops on an error (an unreachable endpoint, a full disk) while requests may still be in
  // flight, run.json takes the count so far and the ledger counts the rest for the next session.
  const outcome = await runItems({
    resultsPath: paths.results,
    tasks: ids.map((id) => session.tasks.get(id)).filter((t) => t !== undefined),
    workers: options.workers,
    signal: options.signal,
    onProgress: (progress) => {
      current.set(progress.last.itemId, progress.last);
      options.onProgress?.(progress);
    },
  }).catch((error: unknown) => {
    // A run that cannot go on (an endpoint never reached or refusing its key…) says why in its run.json.
    const requests = sent();
    const counted = finalizeManifest(session.updateManifest(running), current, requests, true);
    try {
      writeManifest(paths, { ...counted, status: 'error', stoppedBy: { message: errorMessage(error), time: new Date().toISOString() } });
    } catch {
      throw error; // run.json cannot be written: the ledger keeps the whole count, the cause of the stop is what to tell
    }
    inRunJson = requests;
    ledger?.record(sent() - inRunJson);
    throw error;
  });
  for (const client of session.clients) client.onRequest = undefined;
  if (outcome.tornLineMovedTo !== undefined) options.onTornLine?.(outcome.tornLineMovedTo);

  const manifest = finalizeManifest(session.updateManifest(running), current, sent(), outcome.cancelled);
  settleLedger(ledger, () => writeManifest(paths, manifest));
  return { paths, manifest, attempted: outcome.completed, cancelled: outcome.cancelled };
}

/** Writes run.json with the session's count, then drops the ledger; when run.json cannot be written, the ledger keeps the count. */
function settleLedger(ledger: RequestLedger | undefined, write: () => void): void {
  try {
    write();
  } catch (error) {
    ledger?.keep();
    throw error;
  }
  ledger?.close();
}

/** A run going on again no longer says why it stopped before. */
function withoutStop(manifest: RunManifest): RunManifest {
  const copy = { ...manifest };
  delete copy.stoppedBy;
  return copy;
}

function readManifestOr(paths: RunPaths, fallback: RunManifest): RunManifest {
  try {
    return readManifest(paths.dir);
  } catch {
    return fallback;
  }
}

/** What the final counts and token usage are computed from. */
type CountedResult = Pick<ResultLine, 'error' | 'usage'>;

/**
 * Counts and token usage recomputed over every item's current result (results.jsonl as read before the run,
 * with the lines this run appended), so they are right whatever happened before.
 */
function finalizeManifest(
  manifest: RunManifest,
  byItem: ReadonlyMap<string, CountedResult>,
  newRequests: number,
  cancelled: boolean,
): RunManifest {
  let errors = 0;
  let usage: ResultLine['usage'] = null;
  for (const line of byItem.values()) {
    if (line.error !== null) errors += 1;
    usage = addUsage(usage, line.usage);
  }
  const items = manifest.dataset.itemIds.length;
  const complete = byItem.size === items;
  return {
    ...manifest,
    status: cancelled || !complete ? 'cancelled' : 'finished',
    finishedAt: cancelled || !complete ? null : new Date().toISOString(),
    counts: { items, done: byItem.size - errors, error: errors, missing: items - byItem.size },
    usage: {
      promptTokens: usage?.promptTokens ?? 0,
      completionTokens: usage?.completionTokens ?? 0,
      requests: manifest.usage.requests + newRequests,
    },
  };
}
