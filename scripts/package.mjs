// `npm run package`: the production build, then one VSIX per platform target carrying that platform's local
// runtimes (runtime/node_modules: node-llama-cpp with its CPU build, koffi, onnxruntime-node) and the universal
// VSIX without them, all in vsix/.
//   node scripts/package.mjs [--target T]... [--universal] [--no-build] [--keep-stage]
// --target (repeatable) and --universal narrow what is built (default: every target and the universal one).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lockClosure } from './vsix/lockClosure.mjs';
import { fetchTarballs } from './vsix/npmPackages.mjs';
import { packVsix, stageExtension, stageRuntime } from './vsix/stage.mjs';
import { OUT_DIR, TARGETS, runtimeRoots, vsixName } from './vsix/targets.mjs';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const asked = args.flatMap((a, i) => (a === '--target' ? [args[i + 1]] : []));
const unknown = asked.filter((t) => !TARGETS.some((x) => x.target === t));
if (unknown.length > 0) {
  console.error(`unknown target ${unknown.join(', ')}: one of ${TARGETS.map((t) => t.target).join(', ')}`);
  process.exit(2);
}
const narrowed = asked.length > 0 || args.includes('--universal');
const targets = narrowed ? TARGETS.filter((t) => asked.includes(t.target)) : TARGETS;
const universal = !narrowed || args.includes('--universal');
const workDir = join(root, '.vsix-build');
const outDir = join(root, OUT_DIR);

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);
if (!args.includes('--no-build')) {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--production'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const plans = targets.map((target) => ({ target, roots: runtimeRoots(target), packages: lockClosure(lock, runtimeRoots(target)) }));
const fetchStarted = Date.now();
const { files: tarballs, fetched } = fetchTarballs(
  plans.flatMap((p) => p.packages),
  join(workDir, 'npm'),
);
console.log(`package: ${tarballs.size} npm packages ready (${fetched} fetched) in ${seconds(fetchStarted)} s`);

mkdirSync(outDir, { recursive: true });
const built = [];
const pack = (name, target, stage) => {
  const since = Date.now();
  const stageDir = join(workDir, 'stage', name);
  const manifest = stageExtension(root, stageDir);
  const runtime = stage?.(stageDir) ?? null;
  const outFile = join(outDir, vsixName(manifest.name, manifest.version, target));
  packVsix(root, stageDir, target, outFile);
  if (!args.includes('--keep-stage')) rmSync(stageDir, { recursive: true, force: true });
  built.push({ name, file: outFile, bytes: statSync(outFile).size, runtimeFiles: runtime?.files ?? 0, seconds: seconds(since) });
};
if (universal) pack('universal', null);
for (const plan of plans) {
  pack(plan.target.target, plan.target.target, (stageDir) => stageRuntime(stageDir, plan.target, plan.packages, tarballs, plan.roots));
}

for (const b of built) {
  console.log(
    `${b.name.padEnd(13)} ${(b.bytes / 1e6).toFixed(1).padStart(6)} MB  ${String(b.runtimeFiles).padStart(5)} runtime files  ${b.seconds.padStart(5)} s  ${b.file}`,
  );
}
const tooLarge = built.filter((b) => b.bytes >= 100e6);
if (tooLarge.length > 0) {
  console.error(`package: over 100 MB: ${tooLarge.map((b) => b.name).join(', ')}`);
  process.exit(1);
}
console.log(`package: ${built.length} VSIXes in ${seconds(started)} s`);
