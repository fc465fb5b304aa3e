import { basename } from 'node:path';
import * as z from 'zod';
import { UserError, errorMessage } from '../../util/errors';
import { type GgufHeader, GgufFormatError, readGgufHeader } from './ggufFile';

/** Why a model file cannot be used, as one line naming the file and what to do. */
export async function readHeaderOrExplain(path: string): Promise<GgufHeader> {
  const name = basename(path);
  try {
    return await readGgufHeader(path);
  } catch (error) {
    if (error instanceof GgufFormatError) throw new UserError(`${name}: ${error.message}: give a complete .gguf model file`);
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    if (code === 'ENOENT') throw new UserError(`${path}: no such file: give the path of a .gguf model file (or ollama:NAME[:TAG])`);
    if (code === 'EISDIR') throw new UserError(`${path}: is a folder: give the path of a .gguf model file`);
    throw new UserError(`${path}: cannot read the model file (${errorMessage(error)})`);
  }
}

/** The architectures node-llama-cpp names (a const enum in its types, an object at run time). */
export function knownArchitectures(lib: object): string[] {
  const parsed = z.record(z.string(), z.string()).safeParse((lib as Record<string, unknown>)['GgufArchitectureType']);
  return parsed.success ? Object.values(parsed.data) : [];
}

export function loadFailure(name: string, architecture: string, known: boolean, release: string, error: unknown): string {
  const message = errorMessage(error);
  if (!known || /unknown (model )?architecture/i.test(message)) {
    return `${name}: llama.cpp ${release} does not support the architecture "${architecture}": use a model of a supported architecture (llama, qwen2, gemma, mistral, phi3…)`;
  }
  return `${name}: llama.cpp ${release} cannot load this model (architecture "${architecture}"): ${message.split('\n')[0] ?? message}`;
}

/** Named as DOM's abort error so that callers' classifiers take it for a cancellation. */
export class CancelledError extends Error {
  override readonly name = 'AbortError';
  constructor() {
    super('cancelled');
  }
}

/** The local model runtime's process stopped on its own (a native fault, a kill): the run ends, what was written stays. */
export class RuntimeStoppedError extends UserError {}
