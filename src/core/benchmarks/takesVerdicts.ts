import { type RunManifest } from '../runs/runManifest';
import { benchmarkOf } from './registry';

/** Whether a run's items take a verdict (false: flags and notes only, as the benchmark's review settings say). */
export function takesVerdicts(manifest: RunManifest): boolean {
  return benchmarkOf(manifest.benchmark).review.settings(manifest).decidable;
}
