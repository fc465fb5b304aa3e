import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importOfficialYokaiEval } from '../../../src/core/benchmarks/yokaieval/importOfficial';
import { summarizeRun } from '../../../src/core/reports/summarizeRun';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const official = (name: string): string => join(sharedDataDir, 'yokaieval', 'official-results', name);

test('importing gpt4o.json reproduces the official accuracy 518/810 = 0.6395', async (t) => {
  if (!requireSharedFile(t, official('gpt4o.json'))) return;
  const out = join(mkdtempSync(join(tmpdir(), 'ea-import-')), 'gpt4o');
  const outcome = await importOfficialYokaiEval(official('gpt4o.json'), out, { dataDir: sharedDataDir });
  assert.equal(outcome.imported, 810);
  const summary = summarizeRun(out);
  assert.equal(summary.items, 810);
  assert.deepEqual(summary.automatic.counts, { true: 518, false: 282, null: 10, missing: 0, error: 0 });
  assert.equal(summary.automatic.accuracy.toFixed(4), '0.6395');
});

test('importing qwen2.5-7b-instruct.json keeps the denominator 810: 443/810 = 0.5469, items 1, 2, 3 missing', async (t) => {
  if (!requireSharedFile(t, official('qwen2.5-7b-instruct.json'))) return;
  const out = join(mkdtempSync(join(tmpdir(), 'ea-import-')), 'qwen');
  const outcome = await importOfficialYokaiEval(official('qwen2.5-7b-instruct.json'), out, { dataDir: sharedDataDir });
  assert.equal(outcome.imported, 807);
  assert.deepEqual(outcome.missing, ['1', '2', '3']);
  const summary = summarizeRun(out);
  assert.equal(summary.automatic.counts.true, 443);
  assert.equal(summary.automatic.counts.missing, 3);
  assert.equal(summary.automatic.accuracy.toFixed(4), '0.5469');
});
