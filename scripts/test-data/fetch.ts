// node --import tsx scripts/test-data/fetch.ts: takes the data folder the tests read (dataFolder.ts: EVAL_ADJUDICATOR_DATA;
// else ../shared/data when it exists; else the download cache's test-data folder), fetches the pinned official files
// missing from it (officialData.ts) within 30 seconds, and prints {"dataDir", "line"} as JSON for scripts/test.mjs.
import { testDataDir } from './dataFolder';
import { fetchOfficialData, officialDataLine } from './officialData';

const dataDir = testDataDir();
void fetchOfficialData({ dataDir, signal: AbortSignal.timeout(30_000) }).then((outcome) =>
  console.log(JSON.stringify({ dataDir, line: officialDataLine(dataDir, outcome) })),
);
