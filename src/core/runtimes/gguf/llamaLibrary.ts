import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';
import type * as Koffi from 'koffi';
import type { Llama } from 'node-llama-cpp';
import * as z from 'zod';
import { UserError, errorMessage } from '../../util/errors';
import { type GgmlApi, declareGgmlApi } from './ggmlApi';
import { type LlamaApi, declareLlamaApi } from './llamaApi';
import { declareLayouts, layoutMismatches, probeLayouts } from './llamaLayout';
import { resolveOptional } from '../optionalPackage';
import { NODE_LLAMA_CPP_INSTALL, NODE_LLAMA_CPP_MISSING, NODE_LLAMA_CPP_VERSION, loadNodeLlamaCpp } from './nodeLlamaCpp';

/** llama.cpp's C API on the libraries node-llama-cpp picked for this machine, and what it picked. */
export interface LlamaRuntime {
  readonly api: LlamaApi;
  readonly ggml: GgmlApi;
  /** node-llama-cpp's handle: only its choice of binary (CPU or GPU build) and its facts are used. */
  readonly llama: Llama;
  readonly binDir: string;
  /** libllama as koffi loaded it. */
  readonly llamaLib: Koffi.LibraryHandle;
  readonly koffiVersion: string;
  /** The CPU backend library ggml loaded from binDir (the variant it picked for this CPU), null if none is loaded. */
  readonly cpuBackend: string | null;
}

const runtimes = new Map<boolean, Promise<LlamaRuntime>>();

/**
 * node-llama-cpp picks and loads the prebuilt llama.cpp for this machine (CPU, or a GPU build when
 * `gpu`), and registers its ggml backends; then koffi binds llama.cpp's C API in those same loaded
 * libraries (the addon links them, so they are in the process already: nothing is loaded twice).
 * Once per process and GPU choice.
 */
export function loadLlamaRuntime(gpu: boolean, runtimeDirs: readonly string[] = []): Promise<LlamaRuntime> {
  let runtime = runtimes.get(gpu);
  if (runtime === undefined) {
    runtime = openRuntime(gpu, runtimeDirs);
    runtimes.set(gpu, runtime);
    runtime.catch(() => runtimes.delete(gpu));
  }
  return runtime;
}

async function openRuntime(gpu: boolean, runtimeDirs: readonly string[]): Promise<LlamaRuntime> {
  const koffi = loadKoffi(runtimeDirs);
  const lib = await loadNodeLlamaCpp(runtimeDirs);
  const llama = await lib.getLlama({
    gpu: gpu ? 'auto' : false,
    build: 'never',
    usePrebuiltBinaries: true,
    progressLogs: false,
    logLevel: lib.LlamaLogLevel.error,
    logger: () => undefined,
  });
  const libraries = loadedLlamaLibraries();
  const llamaLib = koffi.load(libraries.llama);
  const ggmlLib = koffi.load(libraries.ggml);
  const ggmlBaseLib = koffi.load(libraries.ggmlBase);
  const layouts = declareLayouts(koffi);
  const problems = layoutMismatches(probeLayouts(koffi, llamaLib), {
    modelParams: koffi.sizeof(layouts.ModelParams),
    contextParams: koffi.sizeof(layouts.ContextParams),
    batch: koffi.sizeof(layouts.Batch),
  });
  if (problems.length > 0) {
    throw new UserError(
      `${libraries.llama}: llama.cpp's structs are not laid out as this tool expects (${problems.length} differences, first: ${problems[0]}): install node-llama-cpp@${NODE_LLAMA_CPP_VERSION} exactly`,
    );
  }
  const api = declareLlamaApi(koffi, llamaLib, ggmlLib);
  if (api.ggml_backend_dev_count() === 0) api.ggml_backend_load_all_from_path(libraries.dir);
  api.llama_backend_init();
  const cpuBackend = loadedLibraries().find((p) => dirname(p) === libraries.dir && CPU_BACKEND_NAME.test(basename(p)));
  return {
    api,
    ggml: declareGgmlApi(koffi, ggmlBaseLib, ggmlLib),
    llama,
    binDir: libraries.dir,
    llamaLib,
    koffiVersion: koffi.version,
    cpuBackend: cpuBackend ?? null,
  };
}

function loadKoffi(runtimeDirs: readonly string[]): typeof Koffi {
  const resolved = resolveOptional('koffi', runtimeDirs);
  if (resolved === null) {
    throw new UserError(`running a GGUF model needs the optional package koffi, which is not installed: ${NODE_LLAMA_CPP_MISSING}`);
  }
  try {
    return createRequire(resolved)(resolved) as typeof Koffi;
  } catch (error) {
    throw new UserError(`koffi (${resolved}) could not be loaded (${errorMessage(error)}): run \`${NODE_LLAMA_CPP_INSTALL}\` again`);
  }
}

const ReportSchema = z.object({ sharedObjects: z.array(z.string()) });
/**
 * The file names of libllama, libggml and libggml-base in node-llama-cpp's prebuilt packages: libllama.v0.4.0.so,
 * llama.v0.4.0.dll; a GPU build names its backend (Apple silicon's only build: libllama.metal.v0.4.0.dylib).
 */
export const LLAMA_LIBRARY_NAMES = {
  llama: /^(lib)?llama(\.[a-z]+)?\.v[^/\\]*\.(so|dylib|dll)$/,
  ggml: /^(lib)?ggml(\.[a-z]+)?\.v[^/\\]*\.(so|dylib|dll)$/,
  ggmlBase: /^(lib)?ggml-base[^/\\]*\.(so|dylib|dll)$/,
} as const;

/** The CPU backend, of which ggml loads one variant: libggml-cpu-zen4.so, libggml-cpu-apple_m1.so, ggml-cpu.dll. */
export const CPU_BACKEND_NAME = /^(lib)?ggml-cpu(-[\w.]+)?\.(so|dylib|dll)$/;

function loadedLibraries(): string[] {
  const report = ReportSchema.safeParse(process.report.getReport());
  return report.success ? report.data.sharedObjects : [];
}

/** The libllama and libggml that node-llama-cpp's addon brought into this process (Node's own list of loaded libraries). */
function loadedLlamaLibraries(): { readonly dir: string; readonly llama: string; readonly ggml: string; readonly ggmlBase: string } {
  const loaded = loadedLibraries();
  const addon = loaded.findLast((path) => basename(path) === 'llama-addon.node');
  if (addon === undefined) throw new UserError(`node-llama-cpp@${NODE_LLAMA_CPP_VERSION} loaded no llama-addon.node: reinstall it`);
  const dir = dirname(addon);
  const find = (pattern: RegExp): string => {
    const path = loaded.find((p) => dirname(p) === dir && pattern.test(basename(p)));
    if (path === undefined)
      throw new UserError(
        `${dir}: node-llama-cpp's binary folder has no loaded library matching ${String(pattern)}: reinstall node-llama-cpp@${NODE_LLAMA_CPP_VERSION}`,
      );
    return path;
  };
  return {
    dir,
    llama: find(LLAMA_LIBRARY_NAMES.llama),
    ggml: find(LLAMA_LIBRARY_NAMES.ggml),
    ggmlBase: find(LLAMA_LIBRARY_NAMES.ggmlBase),
  };
}
