import { type RunManifest } from '../runs/runManifest';
import { benchmarkOf } from './registry';
import { reviewSettingsOf } from '../contract/reviewCapabilities';

/** Whether a run's items take a verdict (false: flags and notes only, as the benchmark's review settings say). */
export function takesVerdicts(manifest: RunManifest): boolean {
  return reviewSettingsOf(benchmarkOf(manifest.benchmark).review, manifest).decidable;
}
