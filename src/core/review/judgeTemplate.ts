import { type PromptDocument } from '../contract/benchmark';
import { benchmarkOf } from '../benchmarks/registry';
import { type ResolveOptions } from '../data/resolveSourceFile';
import { type RunManifest } from '../runs/runManifest';

/** What the run's automatic verdicts came from, to read beside an item: its benchmark's judge template or scoring settings. */
export function runPromptDocument(dir: string, manifest: RunManifest, sources: ResolveOptions): Promise<PromptDocument> {
  const benchmark = benchmarkOf(manifest.benchmark);
  if (benchmark.promptDocument !== undefined) return benchmark.promptDocument(dir, manifest, sources);
  const text = `${JSON.stringify({ benchmark: benchmark.title, task: manifest.task, judge: manifest.judge, settings: manifest.settings }, null, 2)}\n`;
  return Promise.resolve({ title: `${benchmark.title} settings: ${manifest.id}`, text, language: 'json' });
}
