import { statSync } from 'node:fs';
import { basename, isAbsolute, resolve } from 'node:path';
import * as z from 'zod';
import { type PhaseListener, readableSize } from '../../runs/runPhase';
import { UserError } from '../../util/errors';
import { GgufClient } from './ggufClient';
import { readHeaderOrExplain } from './ggufErrors';
import { type GgufFileRecord, type GgufRuntimeRecord } from './ggufRecord';
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

export { GgufRuntimeRecordSchema } from './ggufRecord';

export interface OpenedGgufFile {
  /** The model, loaded in a runtime process of its own. */
  readonly model: GgufClient;
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
  /** Told as each step begins: starting the runtime, loading the model, hashing the file. */
  readonly onPhase?: PhaseListener;
}

/** The file a --model-file value names: a path (relative to cwd) or an Ollama model's blob. */
export function resolveModelFile(
  value: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): { readonly path: string; readonly ollama: string | null } {
  if (value.startsWith(OLLAMA_PREFIX)) {
    const name = value.slice(OLLAMA_PREFIX.length);
    return { path: resolveOllamaModel(name, env), ollama: value };
  }
  if (value === '') throw new UserError('--model-file is empty: give the path of a .gguf file or ollama:NAME[:TAG]');
  return { path: isAbsolute(value) ? value : resolve(cwd, value), ollama: null };
}

/**
 * Loads a GGUF model in a runtime process of its own (its header checked first, so a missing, truncated
 * or foreign file fails in one line naming it, before any process starts) and identifies it: name, size,
 * sha256 (cached by path, mtime and size) and metadata.
 */
export async function openGgufFile(path: string, choice: GgufChoice, options: OpenGgufOptions): Promise<OpenedGgufFile> {
  await readHeaderOrExplain(path);
  const name = basename(path);
  const size = readableSize(statSync(path).size);
  const model = await GgufClient.open(
    {
      path,
      gpuLayers: choice.gpuLayers,
      contextSize: choice.contextSize,
      threads: choice.threads,
      ...(options.runtimeDirs !== undefined ? { runtimeDirs: options.runtimeDirs } : {}),
    },
    {
      onStep: (step) =>
        options.onPhase?.({
          step,
          message:
            step === 'starting-runtime' ? `starting the local model runtime for ${name}` : `loading ${name} (${size}) into llama.cpp`,
        }),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    },
  );
  try {
    options.onPhase?.({ step: 'hashing', message: `hashing ${name} (${size}) for run.json` });
    const hash = await modelFileSha256(path, options.cacheDir, options.signal);
    return { model, file: await model.fileRecord(hash.size, hash.sha256), runtime: model.runtimeRecord };
  } catch (error) {
    await model.dispose();
    throw error;
  }
}
