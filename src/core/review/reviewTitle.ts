import { basename } from 'node:path';
import { type RunHeader } from '../protocol/review';
import { benchmarkOf } from '../benchmarks/registry';
import { taskTitleOf } from '../contract/reviewCapabilities';

/** A review tab's title: the benchmark and the run folder, so two runs of one model tell apart. */
export function reviewTitle(run: Pick<RunHeader, 'benchmark' | 'task' | 'runDir'>): string {
  const benchmark = benchmarkOf(run.benchmark);
  const task = taskTitleOf(benchmark.review, run.task);
  return `Review: ${benchmark.title}${task === '' ? '' : ` ${task}`} · ${basename(run.runDir)}`;
}
