// node --import tsx scripts/test-data/fetch.ts: chooses the data folder the tests read (EVAL_ADJUDICATOR_DATA; else
// ../shared/data when it exists; else the download cache's test-data folder), fetches the pinned official files
// missing from it (officialData.ts) within 30 seconds, and prints {"dataDir", "line"} as JSON for scripts/test.mjs.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { userCacheDir } from '../../src/core/data/cacheDir';
import { fetchOfficialData, officialDataLine } from './officialData';

const shared = resolve('..', 'shared', 'data');
const dataDir = process.env['EVAL_ADJUDICATOR_DATA'] ?? (existsSync(shared) ? shared : join(userCacheDir(), 'test-data'));
void fetchOfficialData({ dataDir, signal: AbortSignal.timeout(30_000) }).then((outcome) =>
  console.log(JSON.stringify({ dataDir, line: officialDataLine(dataDir, outcome) })),
);
