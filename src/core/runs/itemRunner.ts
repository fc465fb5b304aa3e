import { setMaxListeners } from 'node:events';
import { JsonlAppender } from '../util/jsonlAppender';
import { type ResultLine } from './resultLine';

export interface ItemTask {
  readonly itemId: string;
  /** Evaluates the item; failures of the model or judge come back as a line with an error, not a throw. */
  run(signal: AbortSignal): Promise<ResultLine>;
}

export interface ItemProgress {
  readonly done: number;
  readonly total: number;
  readonly errors: number;
  readonly last: ResultLine;
}

export interface ItemRunOptions {
  readonly resultsPath: string;
  readonly tasks: readonly ItemTask[];
  /** The request pool's places (--concurrency): items in flight follow from it (itemsInFlight). */
  readonly workers: number;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: (progress: ItemProgress) => void;
  /** How often lines appended meanwhile are fsynced together. */
  readonly syncIntervalMs?: number;
}

export interface ItemRunOutcome {
  readonly completed: number;
  readonly errors: number;
  readonly cancelled: boolean;
  readonly tornLineMovedTo: string | undefined;
}

/**
 * Items started at once for `places` requests in flight: half again as many, waiting in the pool's queue
 * for a place. An item's later request (a judge after its answer) then takes a place that another item's
 * first request would leave empty, so the requests pack into ceil(requests / places) rounds: with exactly
 * one item per place, 810 two-request items at 32 take 52 rounds where 51 suffice, the run's last 10 items
 * running alone. One place keeps one item, so that items go one after another in dataset order.
 */
export function itemsInFlight(places: number): number {
  return places <= 1 ? 1 : places + Math.ceil(places / 2);
}

/** Runs the tasks, itemsInFlight(workers) at once, and appends each result line the moment it is ready. */
export async function runItems(options: ItemRunOptions): Promise<ItemRunOutcome> {
  const { appender, tornLineMovedTo } = JsonlAppender.open(options.resultsPath);
  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  // Every request, retry wait and pool wait of every worker listens to it (the openai client keeps its
  // listener until the run ends): many listeners by design, not a leak worth a warning.
  setMaxListeners(0, signal);
  const syncTimer = setInterval(() => void appender.durable(), options.syncIntervalMs ?? 500);
  let next = 0;
  let completed = 0;
  let errors = 0;
  let failure: unknown;

  const worker = async (): Promise<void> => {
    while (!signal.aborted) {
      const task = options.tasks[next++];
      if (task === undefined) return;
      let line: ResultLine;
      try {
        line = await task.run(signal);
      } catch (error) {
        if (signal.aborted) return;
        failure = error;
        controller.abort(error);
        return;
      }
      appender.append(line);
      completed += 1;
      if (line.error !== null) errors += 1;
      options.onProgress?.({ done: completed, total: options.tasks.length, errors, last: line });
    }
  };

  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(itemsInFlight(options.workers), options.tasks.length)) }, worker));
  } finally {
    clearInterval(syncTimer);
    await appender.close();
  }
  if (failure !== undefined) throw failure;
  return { completed, errors, cancelled: options.signal?.aborted ?? false, tornLineMovedTo };
}
