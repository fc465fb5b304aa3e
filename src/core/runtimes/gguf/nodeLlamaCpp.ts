import { pathToFileURL } from 'node:url';
import type * as NodeLlamaCpp from 'node-llama-cpp';
import { UserError } from '../../util/errors';
import { PLATFORM_VSIX_HINT, resolveOptional } from '../optionalPackage';

export type NodeLlamaCppModule = typeof NodeLlamaCpp;

/** The pinned version: the scoring method was checked against this one (see docs/architecture.md, Principles). */
export const NODE_LLAMA_CPP_VERSION = '3.21.1';
/** koffi calls llama.cpp's C API in node-llama-cpp's libraries: the two are installed together. */
export const KOFFI_VERSION = '3.3.4';
export const NODE_LLAMA_CPP_INSTALL = `npm install --no-save node-llama-cpp@${NODE_LLAMA_CPP_VERSION} koffi@${KOFFI_VERSION}`;

/** The one line that says how to get the GGUF runtime. */
export const NODE_LLAMA_CPP_MISSING = `${PLATFORM_VSIX_HINT}, or run \`${NODE_LLAMA_CPP_INSTALL}\` in the project folder`;

let loaded: Promise<NodeLlamaCppModule> | undefined;

/**
 * node-llama-cpp, loaded on first use only: an optional dependency that the platform VSIXes carry in their
 * runtime folder (its CPU build only) and the universal VSIX does not. Looked for there first (resolveOptional),
 * then beside this code and in each of `extraDirs`. Imported by file URL so that the bundler leaves this
 * ESM-only package alone.
 */
export function loadNodeLlamaCpp(extraDirs: readonly string[] = []): Promise<NodeLlamaCppModule> {
  loaded ??= (async () => {
    const resolved = resolveOptional('node-llama-cpp', extraDirs);
    if (resolved === null) {
      throw new UserError(
        `running a GGUF model needs the optional runtime node-llama-cpp, which is not installed: ${NODE_LLAMA_CPP_MISSING}`,
      );
    }
    const module = (await import(pathToFileURL(resolved).href)) as NodeLlamaCppModule;
    return module;
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
