// The folder of official files the tests read is chosen in one place (scripts/test-data/dataFolder.ts), which the
// fetch, npm test's skip line, the test helpers and the e2e helpers all take: EVAL_ADJUDICATOR_DATA, else
// ../shared/data beside the checkout when it exists, else the download cache's test-data folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SHARED_DATA_DIR, testDataDir } from '../../../scripts/test-data/dataFolder';
import { scratchDir } from '../../helpers/scratch';

test('the data folder: EVAL_ADJUDICATOR_DATA, else ../shared/data when present, else the cache', () => {
  const root = scratchDir('data-folder');
  const shared = join(root, 'shared', 'data');
  const cache = join(root, 'cache');
  assert.equal(testDataDir({ EVAL_ADJUDICATOR_DATA: join(root, 'mine'), EVAL_ADJUDICATOR_CACHE: cache }, shared), join(root, 'mine'));
  assert.equal(testDataDir({ EVAL_ADJUDICATOR_CACHE: cache }, shared), join(cache, 'test-data'), 'no ../shared/data: the cache');
  mkdirSync(shared, { recursive: true });
  assert.equal(testDataDir({ EVAL_ADJUDICATOR_CACHE: cache }, shared), shared);
  assert.equal(SHARED_DATA_DIR, resolve(__dirname, '..', '..', '..', '..', 'shared', 'data'), 'beside the checkout');
});
