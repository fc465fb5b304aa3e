// `npm ci` installs cleanly: no npm command in the project warns (a project .npmrc with a key npm does not
// know, such as onnxruntime-node-install, made every one print `Unknown project config`), and
// onnxruntime-node's install script, which only downloads CUDA binaries from NuGet (unreachable offline,
// and then npm silently drops the optional package), does not run because package.json's allowScripts
// disapproves it. Real npm, with an environment stripped of the npm_* variables `npm test` passes down.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { scratchDir } from '../../helpers/scratch';

const PackageSchema = z.object({ allowScripts: z.record(z.string(), z.boolean()) });
const LockSchema = z.object({ packages: z.record(z.string(), z.object({ version: z.string().optional() })) });

function cleanEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && !/^ONNXRUNTIME_NODE_INSTALL/.test(key)),
  );
  return { ...env, NO_UPDATE_NOTIFIER: '1' };
}

function npm(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('npm', args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout: 240_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const npmVersion = spawnSync('npm', ['--version'], { encoding: 'utf8', env: cleanEnv() }).stdout.trim();
const [major = 0, minor = 0] = npmVersion.split('.').map(Number);
// npm honours allowScripts from 11.16 on (older npm runs every script: see CONTRIBUTING.md, Set up).
const honoursAllowScripts = major > 11 || (major === 11 && minor >= 16);

test('npm commands in the project print no warning about its configuration', () => {
  const result = npm(['pkg', 'get', 'name'], process.cwd());
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stdout.trim(), '"eval-adjudicator"');
  assert.doesNotMatch(result.stderr, /npm warn/i, `npm warns in the project: ${result.stderr}`);
});

test(
  'onnxruntime-node installs with its CPU binary and without running its CUDA download',
  { skip: honoursAllowScripts ? false : `npm ${npmVersion} does not honour allowScripts (11.16 and later do)` },
  () => {
    const project = PackageSchema.parse(JSON.parse(readFileSync('package.json', 'utf8')));
    assert.equal(project.allowScripts['onnxruntime-node'], false, "package.json disapproves onnxruntime-node's install script");
    const version = LockSchema.parse(JSON.parse(readFileSync('package-lock.json', 'utf8'))).packages['node_modules/onnxruntime-node']
      ?.version;
    assert.ok(version !== undefined, 'package-lock.json pins onnxruntime-node');
    // A project holding only that dependency and that allowScripts entry, as ours does; the cache (warm after
    // `npm ci`) serves it, so the test needs no network beyond what npm ci needed.
    const dir = scratchDir('ort-install');
    try {
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({
          name: 'ort-install',
          version: '1.0.0',
          private: true,
          optionalDependencies: { 'onnxruntime-node': version },
          allowScripts: { 'onnxruntime-node': false },
        }),
      );
      const result = npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--foreground-scripts'], dir);
      assert.equal(result.status, 0, result.stderr);
      assert.doesNotMatch(`${result.stdout}\n${result.stderr}`, /nuget|ENOTFOUND|Downloading/i, 'the install script ran');
      const bin = join(dir, 'node_modules', 'onnxruntime-node', 'bin', 'napi-v6', 'linux', 'x64');
      if (process.platform === 'linux' && process.arch === 'x64') {
        assert.ok(existsSync(join(bin, 'onnxruntime_binding.node')), 'onnxruntime-node was installed with its CPU binary');
        assert.ok(!existsSync(join(bin, 'libonnxruntime_providers_cuda.so')), 'no CUDA binary was fetched');
      } else {
        assert.ok(existsSync(join(dir, 'node_modules', 'onnxruntime-node', 'package.json')), 'onnxruntime-node was installed');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
