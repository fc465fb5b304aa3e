// `npm test` ends with one line saying how many tests were skipped and why (scripts/test.mjs with the
// reporter of scripts/test-skips.mjs). Checked on a fixture run through node's own test runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scratchDir } from '../../helpers/scratch';

const ROOT = resolve(__dirname, '../../..');
const REPORTER = join(ROOT, 'scripts/test-skips.mjs');

interface SkipsModule {
  skipLine(records: readonly { file: string | null; name: string; reason: string }[], dataDir: string): string;
}

test('the skip reporter records each skipped test with its reason, and the last line counts the ones for missing data apart', async () => {
  const out = join(scratchDir('test-skips'), 'skips.jsonl');
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-reporter=${REPORTER}`,
      `--test-reporter-destination=${out}`,
      join(ROOT, 'test/fixtures/skips/skipping.fixture.ts'),
    ],
    // Without the runner's NODE_TEST_CONTEXT the child is a test run of its own, with its own reporters.
    { cwd: ROOT, encoding: 'utf8', env: Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_TEST_CONTEXT')) },
  );
  assert.equal(run.status, 0, run.stderr);
  const records = readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { file: string | null; name: string; reason: string });
  assert.deepEqual(records.map((r) => r.name).sort(), ['needs a tmpfs', 'needs it too', 'needs the dataset']);
  const { skipLine } = (await import(REPORTER)) as SkipsModule;
  assert.equal(
    skipLine(records, '/nowhere'),
    'npm test: 3 tests skipped: 2 for missing official benchmark data (1 file not found under /nowhere; set EVAL_ADJUDICATOR_DATA to a ' +
      'folder holding the official files, or these tests do not run); 1 for other reasons: cannot mount a tmpfs here (permission denied) (1).',
  );
  assert.equal(skipLine([], '/nowhere'), 'npm test: no test skipped.');
});
