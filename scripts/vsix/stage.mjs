// A staging folder per VSIX: the files the extension ships (the .vscodeignore of the checkout picks among them),
// a manifest without what only the checkout uses, and, for a platform VSIX, runtime/ holding that platform's
// packages. vsce then packs the folder as it would the checkout, with `--target` for a platform.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { leftOut } from './targets.mjs';
import { unpack } from './npmPackages.mjs';

const SHIPPED = ['README.md', 'LICENSE', 'CHANGELOG.md', '.vscodeignore', 'dist', 'media'];

/**
 * The manifest an installed extension carries: no scripts (vsce would run `vscode:prepublish`, a build, in the
 * staging folder), no devDependencies or overrides. Its dependencies and optional ones stay: they are what
 * `npm install` in the installed extension's folder brings (the universal VSIX's fallback, README).
 */
export function shippedManifest(manifest) {
  const { scripts: _scripts, devDependencies: _dev, overrides: _overrides, ...rest } = manifest;
  return rest;
}

/** Copies the checkout's shipped files into a fresh `stageDir`. */
export function stageExtension(root, stageDir) {
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(stageDir, { recursive: true });
  for (const entry of SHIPPED) {
    const from = join(root, entry);
    if (!existsSync(from)) throw new Error(`${from} is missing: run the build first (npm run build -- --production)`);
    cpSync(from, join(stageDir, entry), { recursive: true });
  }
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(stageDir, 'package.json'), `${JSON.stringify(shippedManifest(manifest), null, 2)}\n`);
  return manifest;
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => !d.isDirectory())
    .map((d) => join(d.parentPath, d.name));
}

/**
 * Lays out `stageDir/runtime/`: each package unpacked at its lock path, then the files this target leaves out
 * removed, and a package.json naming the roots (so that `npm install` there adds to them, README: GPU).
 */
export function stageRuntime(stageDir, target, packages, tarballs, roots) {
  const runtimeDir = join(stageDir, 'runtime');
  for (const p of packages) unpack(tarballs.get(`${p.name}@${p.version}`), join(runtimeDir, ...p.path.split('/')));
  let removed = 0;
  for (const file of filesUnder(runtimeDir)) {
    if (leftOut(target, relative(runtimeDir, file).split(sep).join('/'))) {
      rmSync(file);
      removed += 1;
    }
  }
  const versions = new Map(packages.map((p) => [p.path, p.version]));
  const dependencies = Object.fromEntries(roots.map((name) => [name, versions.get(`node_modules/${name}`)]));
  const manifest = {
    name: 'eval-adjudicator-runtime',
    private: true,
    description: `The local runtimes for ${target.target}`,
    dependencies,
  };
  writeFileSync(join(runtimeDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { files: filesUnder(runtimeDir).length, removed };
}

/**
 * Where the Marketplace page's relative links (README.md's `docs/…`, `CONTRIBUTING.md`) point: the files in
 * the repository the manifest names, as vsce makes them for a GitHub one (it guesses none for another host).
 */
function contentUrls(root) {
  const { repository } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const base = (typeof repository === 'string' ? repository : repository.url).replace(/\.git$/, '');
  return ['--baseContentUrl', `${base}/blob/HEAD`, '--baseImagesUrl', `${base}/raw/HEAD`];
}

/** `vsce package` in the staging folder, by the vsce of the checkout, under this Node. */
export function packVsix(root, stageDir, target, outFile) {
  const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const args = [
    vsce,
    'package',
    '--no-dependencies',
    ...contentUrls(root),
    '--out',
    outFile,
    ...(target === null ? [] : ['--target', target]),
  ];
  const result = spawnSync(process.execPath, args, { cwd: stageDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`vsce package${target === null ? '' : ` --target ${target}`} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
