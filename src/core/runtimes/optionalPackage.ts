import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The folder a platform VSIX carries the local runtimes in: `runtime/` beside `dist/`, its node_modules holding
 * node-llama-cpp, koffi and onnxruntime-node built for that platform (scripts/package.mjs). The bundles run
 * from dist/, so it is ../runtime from this code; the universal VSIX and a checkout have none.
 */
export function bundledRuntimeDir(codeDir: string = __dirname): string {
  return join(codeDir, '..', 'runtime');
}

/** What to say when a runtime is missing: the platform VSIX carries it; elsewhere, npm installs it. */
export const PLATFORM_VSIX_HINT = "install the extension's VSIX for your platform, which carries it";

/**
 * Where an optional package resolves, the extension's own runtime folder first: then beside this code (the
 * extension's or the checkout's node_modules), in one of `extraDirs` (folders holding node_modules: the
 * workspace's, the extension's storage), or in the working folder. Null when none has it.
 */
export function resolveOptional(name: string, extraDirs: readonly string[], runtimeDir: string = bundledRuntimeDir()): string | null {
  const bases = [
    join(runtimeDir, 'package.json'),
    __filename,
    ...extraDirs.map((dir) => join(dir, 'package.json')),
    join(process.cwd(), 'package.json'),
  ];
  for (const base of bases) {
    try {
      return createRequire(base).resolve(name);
    } catch {
      // Not there: try the next place.
    }
  }
  return null;
}
