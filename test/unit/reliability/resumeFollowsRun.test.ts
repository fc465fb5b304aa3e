// A run continues as it was recorded: a run made with --no-cache (run.json options.cache false) and cut
// short takes no answer from the response cache on --resume, though the cache holds every answer and the
// resume does not repeat --no-cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../../server';
import { readCurrentResults, readManifest } from '../../../src/core/runs/runFolder';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { DATASET_PATH, TEMPLATE_PATH, judgeTemplate } from './yokaiRun';

const ITEMS = 6;
const KEPT = 2;

test('--resume of a --no-cache run asks the server again, though the response cache holds every answer', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const server = await startTestServer({ judgeTemplate: judgeTemplate() });
  t.after(() => server.close());
  const out = scratchDir('resume-no-cache');
  const cacheDir = join(out, 'cache');
  const common = ['--data', sharedDataDir, '--cache-dir', cacheDir];
  const run = ['run', 'yokaieval', '--model', 'm', '--base-url', server.url, '--limit', String(ITEMS), '--out', out, ...common];

  assert.equal((await runCli([...run, '--name', 'fills-the-cache'])).code, 0);
  const uncached = await runCli([...run, '--name', 'uncached', '--no-cache']);
  assert.equal(uncached.code, 0, uncached.stderr);
  const dir = uncached.lastLine;
  assert.equal(readManifest(dir).options.cache, false);

  // Cut short after KEPT items, as a kill leaves it.
  const results = join(dir, 'results.jsonl');
  writeFileSync(
    results,
    readFileSync(results, 'utf8')
      .split('\n')
      .slice(0, KEPT)
      .map((l) => `${l}\n`)
      .join(''),
  );
  const before = server.requests.length;
  const resumed = await runCli(['run', 'yokaieval', '--resume', dir, ...common]);
  assert.equal(resumed.code, 0, resumed.stderr);
  const lines = [...readCurrentResults(dir).byItem.values()];
  assert.equal(lines.length, ITEMS);
  assert.deepEqual(
    lines.filter((l) => l.cached === true).map((l) => l.itemId),
    [],
    'answers taken from the cache',
  );
  assert.equal(server.requests.length - before, 2 * (ITEMS - KEPT), 'a model and a judge request per resumed item');
  assert.equal(readManifest(dir).options.cache, false);
});
