// Runs every *.test.ts under test/ (except the end-to-end tier) with node's test runner through tsx.
// Node 20 takes no globs, so the file list is built here. Extra arguments narrow it: `npm test -- metrics`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const filters = process.argv.slice(2);
const files = readdirSync('test', { recursive: true, withFileTypes: true })
  .filter((d) => d.isFile() && d.name.endsWith('.test.ts'))
  .map((d) => join(d.parentPath ?? d.path, d.name))
  .filter((f) => !f.startsWith(join('test', 'e2e')))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
