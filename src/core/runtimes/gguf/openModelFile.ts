import { isAbsolute, resolve } from 'node:path';
import * as z from 'zod';
import { UserError } from '../../util/errors';
import { GgufModel } from './ggufModel';
import { type GgufFileRecord, GgufFileRecordSchema, type GgufRuntimeRecord } from './ggufRecord';
import { modelFileSha256 } from './modelFileHash';
import { OLLAMA_PREFIX, resolveOllamaModel } from './ollamaStore';

/** What the user asked for: a path or ollama:NAME[:TAG], and how to run it. */
export const GgufChoiceSchema = z.object({
  /** ollama:NAME[:TAG] as given, or null for a file (whose folder run.json never records). */
  ollama: z.string().nullable(),
  gpuLayers: z.union([z.literal('auto'), z.number().int().nonnegative()]),
  contextSize: z.number().int().positive().nullable(),
  threads: z.number().int().positive().nullable(),
});
export type GgufChoice = z.infer<typeof GgufChoiceSchema>;

export const GgufRuntimeRecordSchema = z.object({
  package: z.string(),
  version: z.string(),
  llamaCpp: z.string(),
  buildType: z.string(),
  gpu: z.string(),
  gpuLayers: z.object({ asked: z.union([z.literal('auto'), z.number()]), used: z.number() }),
  contextSize: z.number(),
  threads: z.number(),
  batchSize: z.number(),
  flashAttention: z.literal(false),
  kvCacheType: z.literal('F32'),
  calls: z.string().optional(),
  logprobs: z.string().optional(),
});

export interface OpenedGgufFile {
  readonly model: GgufModel;
  readonly file: GgufFileRecord;
  readonly runtime: GgufRuntimeRecord;
}

export interface OpenGgufOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Where the sha256 of model files is remembered. */
  readonly cacheDir: string;
  readonly runtimeDirs?: readonly string[];
  readonly signal?: AbortSignal;
}

/** The file a --model-file value names: a path (relative to cwd) or an Ollama model's blob. */
export function resolveModelFile(value: string, cwd: string, env: NodeJS.ProcessEnv): { readonly path: string; readonly ollama: string | null } {
  if (value.startsWith(OLLAMA_PREFIX)) {
    const name = value.slice(OLLAMA_PREFIX.length);
    return { path: resolveOllamaModel(name, env), ollama: value };
  }
  if (value === '') throw new UserError('--model-file is empty: give the path of a .gguf file or ollama:NAME[:TAG]');
  return { path: isAbsolute(value) ? value : resolve(cwd, value), ollama: null };
}

/**
 * Loads a GGUF model (its header checked first, so a missing, truncated or foreign file fails in one
 * line naming it) and identifies it: name, size, sha256 (cached by path, mtime and size) and metadata.
 */
export async function openGgufFile(path: string, choice: GgufChoice, options: OpenGgufOptions): Promise<OpenedGgufFile> {
  const model = await GgufModel.open({
    path,
    gpuLayers: choice.gpuLayers,
    contextSize: choice.contextSize,
    threads: choice.threads,
    ...(options.runtimeDirs !== undefined ? { runtimeDirs: options.runtimeDirs } : {}),
  });
  try {
    const hash = await modelFileSha256(path, options.cacheDir, options.signal);
    return { model, file: GgufFileRecordSchema.parse(model.fileRecord(hash.size, hash.sha256)), runtime: model.runtime };
  } catch (error) {
    await model.dispose();
    throw error;
  }
}
