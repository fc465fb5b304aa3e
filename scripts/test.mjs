// Runs every *.test.ts under test/ (except the end-to-end tier) with node's test runner through tsx.
// Node 20 takes no globs, so the file list is built here. Extra arguments narrow it: `npm test -- metrics`.
// The last line says how many tests were skipped, and why (scripts/test-skips.mjs).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { tsImport } from 'tsx/esm/api';
import { skipLine } from './test-skips.mjs';

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
// The official benchmark files: fetched through the tool's pinned, verified download when missing and the
// network allows (scripts/test-data/fetch.ts); the tests read them from the folder it names.
const fetched = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', 'test-data', 'fetch.ts')], { encoding: 'utf8' });
const data = fetched.status === 0 ? JSON.parse(fetched.stdout) : null;
console.log(data?.line ?? `official data: the fetch failed (${fetched.stderr.trim().split('\n').pop()})`);
// Without the fetch's answer, the folder is still chosen where the fetch and the tests choose it.
const { testDataDir } = await tsImport('./test-data/dataFolder.ts', import.meta.url);
const dataDir = data?.dataDir ?? testDataDir();
const env = { ...process.env, EVAL_ADJUDICATOR_DATA: dataDir };
const scratch = mkdtempSync(join(tmpdir(), 'eval-adjudicator-test-'));
const skips = join(scratch, 'skips.jsonl');
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${resolve(import.meta.dirname, 'test-skips.mjs')}`,
    `--test-reporter-destination=${skips}`,
    ...files,
  ],
  { stdio: 'inherit', env },
);
let records = [];
try {
  records = readFileSync(skips, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
} catch {
  // No file: the runner wrote no skip line at all (or never started); the line below says none.
}
rmSync(scratch, { recursive: true, force: true });
console.log(skipLine(records, dataDir));
process.exit(result.status ?? 1);
