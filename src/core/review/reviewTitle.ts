import { basename } from 'node:path';
import { type RunHeader } from '../../protocol';

const BENCHMARK_NAMES: Readonly<Record<RunHeader['benchmark'], string>> = { yokaieval: 'YokaiEval', kalahi: 'Kalahi' };
const KALAHI_TASKS: Readonly<Record<string, string>> = { open: 'open-ended', mc: 'MC', both: 'open-ended + MC' };

/** A review tab's title: the benchmark and the run folder, so two runs of one model tell apart. */
export function reviewTitle(run: Pick<RunHeader, 'benchmark' | 'task' | 'runDir'>): string {
  const task = run.benchmark === 'kalahi' && run.task !== '' ? ` ${KALAHI_TASKS[run.task] ?? run.task}` : '';
  return `Review: ${BENCHMARK_NAMES[run.benchmark]}${task} · ${basename(run.runDir)}`;
}
