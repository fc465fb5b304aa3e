import { benchmarkOf } from '../benchmarks/registry';
import { type ExportFormat } from '../runs/exportFormat';
import { adjudicationCells } from '../adjudication/adjudicationCells';
import { type RunState, loadRunState } from '../adjudication/runState';
import { RUN_REGISTRY } from '../benchmarks/runRegistry';

/**
 * Adjudicated export: per item the automatic verdict beside the final human verdict, who decided, flags and
 * notes (the columns before them are the benchmark's); per run (JSON) the automatic and the adjudicated
 * score, overrides by direction and flag counts.
 */
export function exportAdjudicated(dir: string, format: ExportFormat, state: RunState = loadRunState(dir, RUN_REGISTRY)): string {
  return benchmarkOf(state.manifest.benchmark).exports.adjudicated(state, format, (itemId) => adjudicationCells(state, itemId));
}
