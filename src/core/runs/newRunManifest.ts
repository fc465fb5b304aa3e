import { type BenchmarkManifest } from '../data/manifest';
import { type ResolvedSourceFile } from '../data/resolveSourceFile';
import { TOOL_VERSION } from '../version';
import { type ModelRecord, type RunManifest, RUN_FORMAT_VERSION } from './runManifest';

export interface NewRunManifestInput {
  readonly id: string;
  readonly source: BenchmarkManifest;
  readonly task: string;
  readonly variant?: string;
  readonly files: readonly ResolvedSourceFile[];
  readonly datasetItems: number;
  readonly itemIds: readonly string[];
  readonly model: ModelRecord | null;
  readonly judge: ModelRecord | null;
  readonly settings: Record<string, unknown>;
  readonly options: RunManifest['options'];
}

/** The run.json of a run about to start: provenance of its data, its models and settings, nothing done yet. */
export function newRunManifest(input: NewRunManifestInput): RunManifest {
  return {
    formatVersion: RUN_FORMAT_VERSION,
    id: input.id,
    benchmark: input.source.benchmark,
    task: input.task,
    status: 'running',
    dataset: {
      name: input.source.title,
      repository: input.source.repository,
      commit: input.source.commit,
      ...(input.variant !== undefined ? { variant: input.variant } : {}),
      files: input.files.map((f) => ({ key: f.key, path: f.file.path, sha256: f.sha256, license: f.file.license, origin: f.origin })),
      datasetItems: input.datasetItems,
      itemIds: [...input.itemIds],
    },
    model: input.model,
    judge: input.judge,
    settings: input.settings,
    options: input.options,
    toolVersion: TOOL_VERSION,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    counts: { items: input.itemIds.length, done: 0, error: 0, missing: input.itemIds.length },
    usage: { promptTokens: 0, completionTokens: 0, requests: 0 },
  };
}
