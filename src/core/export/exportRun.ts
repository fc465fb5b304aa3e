import { benchmarkOf } from '../benchmarks/registry';
import { type ExportFormat } from '../runs/exportFormat';
import { readManifest } from '../runs/runFolder';

/** `export RUNDIR`: the run's items as its benchmark lays them out (one row per item, in dataset order). */
export function exportRun(dir: string, format: ExportFormat): string {
  return benchmarkOf(readManifest(dir).benchmark).exports.plain(dir, format);
}
