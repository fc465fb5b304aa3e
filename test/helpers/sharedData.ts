import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type TestContext } from 'node:test';
import { testDataDir } from '../../scripts/test-data/dataFolder';

/** The directory of official data files laid out as ../shared/data is (chosen by scripts/test-data/dataFolder.ts). */
export const sharedDataDir = testDataDir();

/** ../shared/metric-vectors, beside the official data. */
export const metricVectorsDir = resolve(sharedDataDir, '../metric-vectors');

/**
 * Official files are never committed. A test that needs one fails under CI=true when it is absent (CI must
 * have it), and otherwise skips with a visible reason.
 */
export function requireSharedFile(t: TestContext, path: string): boolean {
  if (existsSync(path)) return true;
  const reason = `official file not found: ${path} (set EVAL_ADJUDICATOR_DATA to a copy of shared/data)`;
  if (process.env['CI'] === 'true') throw new Error(reason);
  t.skip(reason);
  return false;
}
