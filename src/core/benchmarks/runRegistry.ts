import { type RunRegistry } from '../adjudication/runState';
import { basicsOfRun } from '../runs/benchmarkBasics';
import { type ResultsCheck } from '../runs/benchmarkLineCheck';
import { type CurrentResults, readCurrentResults, readManifest, runPaths } from '../runs/runFolder';
import { type RunManifest } from '../runs/runManifest';
import { reviewSettingsOf } from '../contract/reviewCapabilities';
import { benchmarkOf } from './registry';
import { REGISTERED_BASICS } from './registryBasics';

/** Whether a run's items take a verdict (false: flags and notes only, as the benchmark's review settings say). */
export function takesVerdicts(manifest: RunManifest): boolean {
  return reviewSettingsOf(benchmarkOf(manifest.benchmark).review, manifest).decidable;
}

/** What reading a run takes from the registry (loadRunState's second argument wherever a run is read whole). */
export const RUN_REGISTRY: RunRegistry = { ...REGISTERED_BASICS, takesVerdicts };

/** run.json, its benchmark checked against the registry: an unregistered one is an error naming the file and field. */
export function readRunManifest(dir: string): RunManifest {
  return readRegisteredRun(dir).manifest;
}

/** run.json, and results.jsonl's current lines each checked against the run's items and its registered benchmark. */
export function readRunResults(dir: string): CurrentResults & { readonly manifest: RunManifest } {
  const run = readRegisteredRun(dir);
  return { ...readCurrentResults(dir, run), manifest: run.manifest };
}

/** run.json and its benchmark's basics, the benchmark checked against the registry (file and field named). */
export function readRegisteredRun(dir: string): ResultsCheck {
  const manifest = readManifest(dir);
  return { manifest, basics: basicsOfRun(REGISTERED_BASICS, manifest.benchmark, runPaths(dir).manifest) };
}
