import { type PromptDocument } from '../benchmarks/benchmark';
import { benchmarkOf } from '../benchmarks/registry';
import { type ResolveOptions } from '../data/resolveSourceFile';
import { type RunManifest } from '../runs/runManifest';


/** What the run's automatic verdicts came from, to read beside an item: its benchmark's judge template or scoring settings. */
export function runPromptDocument(dir: string, manifest: RunManifest, sources: ResolveOptions): Promise<PromptDocument> {
  return benchmarkOf(manifest.benchmark).promptDocument(dir, manifest, sources);
}
