import { loadRunState } from '../adjudication/runState';
import { benchmarkOf } from '../benchmarks/registry';
import { RUN_REGISTRY } from '../benchmarks/runRegistry';
import { type ExportFormat } from '../runs/exportFormat';

/** `export RUNDIR`: the run's items as its benchmark lays them out (one row per item, in dataset order). */
export function exportRun(dir: string, format: ExportFormat): string {
  const state = loadRunState(dir, RUN_REGISTRY);
  return benchmarkOf(state.manifest.benchmark).exports.plain(state, format);
}
