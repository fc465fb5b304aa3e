import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as NodeLlamaCpp from 'node-llama-cpp';
import { UserError } from '../../util/errors';

export type NodeLlamaCppModule = typeof NodeLlamaCpp;

/** The pinned version: the scoring method was checked against this one (see DESIGN.md "Model runtimes"). */
export const NODE_LLAMA_CPP_VERSION = '3.21.1';
/** koffi calls llama.cpp's C API in node-llama-cpp's libraries: the two are installed together. */
export const KOFFI_VERSION = '3.3.4';
export const NODE_LLAMA_CPP_INSTALL = `npm install --no-save node-llama-cpp@${NODE_LLAMA_CPP_VERSION} koffi@${KOFFI_VERSION}`;

let loaded: Promise<NodeLlamaCppModule> | undefined;

/**
 * node-llama-cpp, loaded on first use only: an optional dependency (hundreds of MB with its prebuilt
 * binaries) that the extension does not ship. Looked for beside this code, then in each of `extraDirs`
 * (a folder holding node_modules: the project's, the extension's storage). Imported by file URL so that
 * the bundler leaves this ESM-only package alone.
 */
export function loadNodeLlamaCpp(extraDirs: readonly string[] = []): Promise<NodeLlamaCppModule> {
  loaded ??= (async () => {
    const resolved = resolveOptional('node-llama-cpp', extraDirs);
    if (resolved === null) {
      throw new UserError(`running a GGUF model needs the optional runtime node-llama-cpp, which is not installed: run \`${NODE_LLAMA_CPP_INSTALL}\` in the project folder`);
    }
    const module = (await import(pathToFileURL(resolved).href)) as NodeLlamaCppModule;
    return module;
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/** Where an optional package resolves: beside this code, in one of `extraDirs`, or in the working folder. */
export function resolveOptional(name: string, extraDirs: readonly string[]): string | null {
  const bases = [__filename, ...extraDirs.map((dir) => join(dir, 'package.json')), join(process.cwd(), 'package.json')];
  for (const base of bases) {
    try {
      return createRequire(base).resolve(name);
    } catch {
      // Not there: try the next place.
    }
  }
  return null;
}
