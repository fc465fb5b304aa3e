// What `npm run package` built (vsix/), read with Python's zipfile: each platform VSIX carries its own CPU
// binaries of node-llama-cpp, koffi and onnxruntime-node and no other platform's, no GPU build, nothing of the
// sources, tests or fixtures; the universal VSIX carries no runtime. CI builds them before `npm test`.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type TestContext, describe, it } from 'node:test';
import { binaryPlatform, type VsixListing, vsixListing } from '../../helpers/vsixListing';

const ROOT = resolve(__dirname, '../../..');
const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const RUNTIME = 'extension/runtime/node_modules/';

interface Expected {
  /** node-llama-cpp's prebuilt package of the target, and the libllama file name in its bins folder. */
  readonly llama: string;
  readonly libllama: string;
  readonly koffi: string;
  /** onnxruntime-node's binary folder and the library its binding links; null: none published (Intel Macs). */
  readonly onnx: { readonly dir: string; readonly library: string } | null;
}

// Written from the packages npm serves (node-llama-cpp 3.21.1, koffi 3.3.4, onnxruntime-node 1.30.0), not from
// the packaging script's table.
const TARGETS: Record<string, Expected> = {
  'linux-x64': {
    llama: 'linux-x64',
    libllama: 'libllama.v0.4.0.so',
    koffi: 'linux_x64',
    onnx: { dir: 'linux/x64', library: 'libonnxruntime.so.1' },
  },
  'linux-arm64': {
    llama: 'linux-arm64',
    libllama: 'libllama.v0.4.0.so',
    koffi: 'linux_arm64',
    onnx: { dir: 'linux/arm64', library: 'libonnxruntime.so.1' },
  },
  'darwin-arm64': {
    llama: 'mac-arm64-metal',
    libllama: 'libllama.metal.v0.4.0.dylib',
    koffi: 'darwin_arm64',
    onnx: { dir: 'darwin/arm64', library: 'libonnxruntime.1.dylib' },
  },
  'darwin-x64': { llama: 'mac-x64', libllama: 'libllama.v0.4.0.dylib', koffi: 'darwin_x64', onnx: null },
  'win32-x64': {
    llama: 'win-x64',
    libllama: 'llama.v0.4.0.dll',
    koffi: 'win32_x64',
    onnx: { dir: 'win32/x64', library: 'onnxruntime.dll' },
  },
  'win32-arm64': {
    llama: 'win-arm64',
    libllama: 'llama.v0.4.0.dll',
    koffi: 'win32_arm64',
    onnx: { dir: 'win32/arm64', library: 'onnxruntime.dll' },
  },
};

/** The VSIX at its path, or a skip (a fail under CI=true, which builds them first) when it was not built. */
function built(t: TestContext, target: string | null): VsixListing | null {
  const file = join(ROOT, 'vsix', target === null ? `${name}-${version}.vsix` : `${name}-${target}-${version}.vsix`);
  if (!existsSync(file)) {
    const reason = `${file} not built: run \`npm run package\``;
    if (process.env['CI'] === 'true') throw new Error(reason);
    t.skip(reason);
    return null;
  }
  assert.ok(statSync(file).size < 100e6, `${file}: ${statSync(file).size} bytes, over 100 MB`);
  return vsixListing(file);
}

/** Nothing of the checkout but what the extension runs: no sources, tests, fixtures, scripts, maps. */
function assertShipsNoSources(names: readonly string[]): void {
  const own = names.filter((n) => n.startsWith('extension/') && !n.startsWith('extension/runtime/'));
  const stray = own.filter(
    (n) =>
      /^extension\/(src|test|e2e|scripts|bench|webview|webview-kit|webview-stats|node_modules|\.vsix-build|vsix)\//.test(n) ||
      /fixtures|\.ts$|\.map$|\.vsix$/.test(n),
  );
  assert.deepEqual(stray, []);
  for (const shipped of [
    'package.json',
    'readme.md',
    'changelog.md',
    'LICENSE.txt',
    'media/icon.png',
    'dist/extension.js',
    'dist/ggufRuntime.js',
    'dist/sessionThread.js',
    'dist/webview.js',
  ]) {
    assert.ok(own.includes(`extension/${shipped}`), `ships ${shipped}`);
  }
}

describe('the universal VSIX', () => {
  it('has no target and no runtime', (t) => {
    const listing = built(t, null);
    if (listing === null) return;
    assert.equal(listing.target, null);
    const names = listing.entries.map((e) => e.name);
    assert.deepEqual(
      names.filter((n) => n.startsWith('extension/runtime/') || n.endsWith('.node')),
      [],
    );
    assertShipsNoSources(names);
  });
});

describe('each platform VSIX', () => {
  for (const [target, expected] of Object.entries(TARGETS)) {
    it(`${target}: its own CPU binaries, no other platform's, no GPU build`, (t) => {
      const listing = built(t, target);
      if (listing === null) return;
      assert.equal(listing.target, target, 'the manifest names the target');
      const names = listing.entries.map((e) => e.name);
      assertShipsNoSources(names);

      const bins = `${RUNTIME}@node-llama-cpp/${expected.llama}/bins/${expected.llama}/`;
      const needed = [
        `${RUNTIME}node-llama-cpp/package.json`,
        `${RUNTIME}node-llama-cpp/dist/index.js`,
        `${bins}llama-addon.node`,
        `${bins}${expected.libllama}`,
        `${RUNTIME}koffi/index.cjs`,
        `${RUNTIME}@koromix/koffi-${expected.koffi.replace('_', '-')}/${expected.koffi}/koffi.node`,
        ...(expected.onnx === null
          ? []
          : [
              `${RUNTIME}onnxruntime-node/dist/index.js`,
              `${RUNTIME}onnxruntime-common/package.json`,
              `${RUNTIME}onnxruntime-node/bin/napi-v6/${expected.onnx.dir}/onnxruntime_binding.node`,
              `${RUNTIME}onnxruntime-node/bin/napi-v6/${expected.onnx.dir}/${expected.onnx.library}`,
            ]),
      ];
      assert.deepEqual(
        needed.filter((n) => !names.includes(n)),
        [],
        'every file the target needs',
      );

      const others = names.filter(
        (n) =>
          /cuda|vulkan|directml|dxcompiler|dxil|musl_|gitRelease\.bundle/i.test(n) ||
          (n.includes('/@node-llama-cpp/') && !n.includes(`/@node-llama-cpp/${expected.llama}/`)) ||
          (n.includes('/@koromix/') && !n.includes(`/@koromix/koffi-${expected.koffi.replace('_', '-')}/`)) ||
          (n.includes('/onnxruntime-node/bin/') && (expected.onnx === null || !n.includes(`/napi-v6/${expected.onnx.dir}/`))),
      );
      assert.deepEqual(others, [], 'nothing of another platform or a GPU build');

      const natives = Object.entries(listing.headers);
      assert.equal(natives.length, expected.onnx === null ? 2 : 3, 'llama-addon.node, koffi.node and onnxruntime_binding.node');
      for (const [file, header] of natives) assert.equal(binaryPlatform(header), target, `${file} is built for ${target}`);
    });
  }
});
