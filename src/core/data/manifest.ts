import * as z from 'zod';

export const SourceFileSchema = z.object({
  /** Path inside the benchmark's repository at the pinned commit. */
  path: z.string().min(1),
  /** Path of a local copy inside a data directory (docs/official-data.md). */
  local: z.string().min(1),
  url: z.url(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  license: z.string().min(1),
});
export type SourceFile = z.infer<typeof SourceFileSchema>;

export const BenchmarkManifestSchema = z.object({
  /** The id of the benchmark it describes (registered in src/core/benchmarks/registry.ts). */
  benchmark: z.string().min(1),
  title: z.string(),
  repository: z.string().regex(/^[^/\s]+\/[^/\s]+$/),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  citation: z.string(),
  files: z.record(z.string(), SourceFileSchema),
});
export type BenchmarkManifest = z.infer<typeof BenchmarkManifestSchema>;

export function manifestFile(manifest: BenchmarkManifest, key: string): SourceFile {
  const file = manifest.files[key];
  if (file === undefined) throw new Error(`benchmark manifest ${manifest.benchmark} has no file "${key}"`);
  return file;
}
