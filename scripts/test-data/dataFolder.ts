// The one place that chooses the folder of official benchmark files the tests read: scripts/test-data/fetch.ts
// (which fills it), scripts/test.mjs (whose skip line names it), test/helpers/sharedData.ts and the e2e helpers.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { userCacheDir } from '../../src/core/data/cacheDir';

/** ../shared/data beside the checkout. */
export const SHARED_DATA_DIR = resolve(__dirname, '..', '..', '..', 'shared', 'data');

/** EVAL_ADJUDICATOR_DATA; else ../shared/data beside the checkout when it exists; else the download cache's test-data folder. */
export function testDataDir(env: NodeJS.ProcessEnv = process.env, shared = SHARED_DATA_DIR): string {
  const chosen = env['EVAL_ADJUDICATOR_DATA'];
  if (chosen !== undefined) return resolve(chosen);
  return existsSync(shared) ? shared : join(userCacheDir(env), 'test-data');
}
