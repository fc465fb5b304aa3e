// Before `npm test`: when the official benchmark files are not in the data folder the tests read, fetch them
// through the tool's own pinned, sha256-verified download (src/core/data/resolveSourceFile.ts) into a folder laid
// out as docs/official-data.md says, so that a fresh clone tests both benchmarks wherever the network allows.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { benchmarkBasicsOf, benchmarkIds } from '../../src/core/benchmarks/registryBasics';
import { type Downloader, resolveSourceFile } from '../../src/core/data/resolveSourceFile';
import { errorMessage } from '../../src/core/util/errors';

export interface OfficialDataOutcome {
  /** Files copied into the folder (downloaded, or taken from the download cache). */
  readonly fetched: number;
  /** Files the folder already held. */
  readonly present: number;
  /** Why files could not be had, one line each (the tests that need them skip). */
  readonly problems: readonly string[];
}

export interface OfficialDataOptions {
  readonly dataDir: string;
  readonly cacheDir?: string;
  readonly download?: Downloader;
  readonly signal?: AbortSignal;
}

/** Every pinned official file missing from `dataDir` is resolved (cache or download, sha256-checked) and copied in. */
export async function fetchOfficialData(options: OfficialDataOptions): Promise<OfficialDataOutcome> {
  let fetched = 0;
  let present = 0;
  const problems: string[] = [];
  for (const id of benchmarkIds()) {
    const manifest = benchmarkBasicsOf(id).source;
    if (manifest === null) continue;
    for (const [key, file] of Object.entries(manifest.files)) {
      const target = join(options.dataDir, file.local);
      if (existsSync(target)) {
        present += 1;
        continue;
      }
      try {
        const resolved = await resolveSourceFile(manifest, key, {
          cacheDir: options.cacheDir,
          signal: options.signal,
          ...(options.download === undefined ? {} : { download: options.download }),
        });
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(resolved.path, target);
        fetched += 1;
      } catch (error) {
        problems.push(errorMessage(error));
      }
    }
  }
  return { fetched, present, problems };
}

/** The one line `npm test` prints about it. */
export function officialDataLine(dataDir: string, outcome: OfficialDataOutcome): string {
  if (outcome.problems.length === 0 && outcome.fetched === 0) return `official data: all ${outcome.present} pinned files in ${dataDir}`;
  if (outcome.problems.length === 0) return `official data: fetched ${outcome.fetched} pinned, sha256-verified files into ${dataDir}`;
  const first = outcome.problems[0] ?? '';
  return (
    `official data: ${outcome.problems.length} pinned files could not be fetched into ${dataDir}, so the tests that need them skip ` +
    `(first: ${first})`
  );
}
