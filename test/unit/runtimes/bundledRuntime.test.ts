// A platform VSIX carries the local runtimes in runtime/node_modules beside dist/: the extension looks there
// before anywhere else, and finds the libraries of every platform's prebuilt llama.cpp by their names.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CPU_BACKEND_NAME, LLAMA_LIBRARY_NAMES } from '../../../src/core/runtimes/gguf/llamaLibrary';
import { bundledRuntimeDir, resolveOptional } from '../../../src/core/runtimes/optionalPackage';
import { scratchDir } from '../../helpers/scratch';

/** A package named `name` under `dir`/node_modules whose main file is index.js. */
function fakePackage(dir: string, name: string): string {
  const folder = join(dir, 'node_modules', name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name, version: '1.0.0', main: 'index.js' }));
  writeFileSync(join(folder, 'index.js'), 'module.exports = 1;\n');
  return join(folder, 'index.js');
}

describe('the runtime inside the extension', () => {
  it('is runtime/ beside the folder of the bundles', () => {
    assert.equal(bundledRuntimeDir(join('/ext', 'dist')), join('/ext', 'runtime'));
  });

  it('resolves a package from the runtime folder before the workspace and the working folder', () => {
    const root = scratchDir('bundled-runtime');
    const extension = join(root, 'extension');
    const workspace = join(root, 'workspace');
    const inside = fakePackage(join(extension, 'runtime'), 'eval-adjudicator-fake-runtime');
    const outside = fakePackage(workspace, 'eval-adjudicator-fake-runtime');
    assert.equal(resolveOptional('eval-adjudicator-fake-runtime', [workspace], join(extension, 'runtime')), inside);
    assert.equal(
      resolveOptional('eval-adjudicator-fake-runtime', [workspace], join(root, 'universal', 'runtime')),
      outside,
      'no runtime folder: the next place',
    );
    assert.equal(resolveOptional('eval-adjudicator-fake-runtime', [], join(root, 'universal', 'runtime')), null);
  });
});

describe("llama.cpp's libraries in node-llama-cpp 3.21.1's prebuilt packages", () => {
  // The names in each @node-llama-cpp/<platform> tarball, as npm serves them.
  const builds: Record<string, readonly [string, string, string]> = {
    'linux-x64': ['libllama.v0.4.0.so', 'libggml.v0.4.0.so', 'libggml-base.so'],
    'linux-arm64': ['libllama.v0.4.0.so', 'libggml.v0.4.0.so', 'libggml-base.so'],
    'mac-arm64-metal': ['libllama.metal.v0.4.0.dylib', 'libggml.metal.v0.4.0.dylib', 'libggml-base.dylib'],
    'mac-x64': ['libllama.v0.4.0.dylib', 'libggml.v0.4.0.dylib', 'libggml-base.dylib'],
    'win-x64': ['llama.v0.4.0.dll', 'ggml.v0.4.0.dll', 'ggml-base.dll'],
    'win-arm64': ['llama.v0.4.0.dll', 'ggml.v0.4.0.dll', 'ggml-base.dll'],
  };
  const others = [
    'libllama-common.so',
    'llama-common.dll',
    'libggml-cpu-haswell.so',
    'ggml-cpu.dll',
    'libggml-metal.so',
    'libggml-blas.so',
    'llama-addon.node',
  ];

  for (const [build, [llama, ggml, ggmlBase]] of Object.entries(builds)) {
    it(`${build}: each name matches its own pattern only`, () => {
      assert.ok(
        LLAMA_LIBRARY_NAMES.llama.test(llama) && !LLAMA_LIBRARY_NAMES.ggml.test(llama) && !LLAMA_LIBRARY_NAMES.ggmlBase.test(llama),
        llama,
      );
      assert.ok(
        LLAMA_LIBRARY_NAMES.ggml.test(ggml) && !LLAMA_LIBRARY_NAMES.llama.test(ggml) && !LLAMA_LIBRARY_NAMES.ggmlBase.test(ggml),
        ggml,
      );
      assert.ok(LLAMA_LIBRARY_NAMES.ggmlBase.test(ggmlBase) && !LLAMA_LIBRARY_NAMES.ggml.test(ggmlBase), ggmlBase);
    });
  }

  it("the CPU backend's variants match their own pattern, and llama.cpp's other libraries do not", () => {
    const variants = [
      'libggml-cpu-zen4.so',
      'libggml-cpu-armv8.2_3.so',
      'libggml-cpu-apple_m2_m3.so',
      'ggml-cpu-haswell.dll',
      'ggml-cpu.dll',
    ];
    for (const name of variants) assert.ok(CPU_BACKEND_NAME.test(name), name);
    for (const name of [...Object.values(builds).flat(), 'libggml-metal.so', 'libggml-blas.so', 'libllama-common.so'])
      assert.ok(!CPU_BACKEND_NAME.test(name), name);
  });

  it('the other libraries of the folders match none', () => {
    for (const name of others)
      assert.ok(
        Object.values(LLAMA_LIBRARY_NAMES).every((pattern) => !pattern.test(name)),
        name,
      );
  });
});
