// The platform VSIXes: one per VS Code target that node-llama-cpp 3.21.1, koffi 3.3.4 and onnxruntime-node 1.30.0
// publish prebuilt binaries for, each carrying only that platform's CPU binaries under runtime/node_modules.
// Every package comes from package-lock.json at the version the tests ran with (lockClosure.mjs).

/**
 * `llama`: node-llama-cpp's prebuilt package for the target's CPU build (Apple silicon has only the Metal one,
 * which runs on the CPU too). `koffi`: koffi's. `onnx`: onnxruntime-node's binary folder, bin/napi-v6/<os>/<arch>,
 * or null: ONNX Runtime publishes no Intel-mac build since 1.24 (microsoft/onnxruntime#27961).
 */
export const TARGETS = [
  { target: 'linux-x64', llama: '@node-llama-cpp/linux-x64', koffi: '@koromix/koffi-linux-x64', onnx: 'linux/x64' },
  { target: 'linux-arm64', llama: '@node-llama-cpp/linux-arm64', koffi: '@koromix/koffi-linux-arm64', onnx: 'linux/arm64' },
  { target: 'darwin-arm64', llama: '@node-llama-cpp/mac-arm64-metal', koffi: '@koromix/koffi-darwin-arm64', onnx: 'darwin/arm64' },
  { target: 'darwin-x64', llama: '@node-llama-cpp/mac-x64', koffi: '@koromix/koffi-darwin-x64', onnx: null },
  { target: 'win32-x64', llama: '@node-llama-cpp/win-x64', koffi: '@koromix/koffi-win32-x64', onnx: 'win32/x64' },
  { target: 'win32-arm64', llama: '@node-llama-cpp/win-arm64', koffi: '@koromix/koffi-win32-arm64', onnx: 'win32/arm64' },
];

/** The packages a target's runtime folder starts from; their non-optional dependencies come along. */
export function runtimeRoots(target) {
  const gguf = ['node-llama-cpp', 'koffi', target.llama, target.koffi];
  return target.onnx === null ? gguf : [...gguf, 'onnxruntime-node'];
}

const ONNX_BIN = 'node_modules/onnxruntime-node/bin/napi-v6/';

/**
 * Files of the fetched packages that a target's VSIX leaves out (paths relative to runtime/), and why:
 * - llama.cpp's source as a git bundle (34 MB), for building from source: the runtime loads with build 'never';
 * - onnxruntime-node carries every platform's binary: only the target's own stays;
 * - on Windows, DirectML and the DirectX shader compiler: GPU only, and onnxruntime.dll delay-loads DirectML;
 * - on macOS, libonnxruntime.1.30.0.dylib: a copy of libonnxruntime.1.dylib (a symlink before npm packed it),
 *   the name the binding links;
 * - koffi's musl build in the Linux packages: VS Code's Alpine targets (alpine-x64, alpine-arm64) are others;
 * - type declarations and source maps (half the files): nothing reads them at run time;
 * - node-llama-cpp's notes that its binaries moved to each @node-llama-cpp/* package (no code reads them).
 */
export function leftOut(target, path) {
  if (path === 'node_modules/node-llama-cpp/llama/gitRelease.bundle') return true;
  if (/\.(d\.[cm]?ts|map)$/.test(path)) return true;
  if (/^node_modules\/node-llama-cpp\/bins\/_[^/]+\.moved\.txt$/.test(path)) return true;
  if (path.startsWith(ONNX_BIN)) {
    const rest = path.slice(ONNX_BIN.length);
    if (target.onnx === null || !rest.startsWith(`${target.onnx}/`)) return true;
    return /\/(DirectML\.dll|dxcompiler\.dll|dxil\.dll|libonnxruntime\.\d+\.\d+\.\d+\.dylib)$/.test(rest);
  }
  return /^node_modules\/@koromix\/koffi-linux-[^/]+\/musl_/.test(path);
}

/** Where `npm run package` writes the VSIXes, and the name of each. */
export const OUT_DIR = 'vsix';
export const vsixName = (name, version, target) => (target === null ? `${name}-${version}.vsix` : `${name}-${target}-${version}.vsix`);
