import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { INSPECT_IMPORT } from '../src/core/logFormats/inspect/importInspect';
import { peakRssOf, startCli } from '../test/helpers/childCli';
import { writeLargeInspectLog } from '../test/helpers/largeEval';
import { readZipEntries } from '../test/helpers/zipReader';
import { scratchDir } from './paths';
import { median, round, since } from './stats';

const CONVERT = join(__dirname, '..', 'test', 'fixtures', 'foreign-logs', 'inspect-zstd', 'make_zstd_logs.py');

export interface ZstdImportResult {
  readonly fileMB: number;
  readonly bareMs: number;
  readonly importMs: number;
  /** The import of the zstd log over reading every member, decompressing it with fzstd and JSON.parse of each. */
  readonly importOverBare: number;
}

export interface LargeLogResult {
  readonly fileMiB: number;
  readonly peakRssMiB: number;
}

/** The log as Inspect 0.3.206+ writes it (zstd members, condensed events), by the fixtures' script (python3-zstandard). */
function zstdTwin(file: string): string {
  const out = file.replace(/\.eval$/, '-zstd.eval');
  const result = spawnSync('/usr/bin/python3', [CONVERT, 'convert', file, out], { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(
      `the zstd log needs Debian's python3-zstandard (apt-get install -y python3-zstandard): ${result.stderr.trim().split('\n').pop() ?? ''}`,
    );
  return out;
}

function bareRead(file: string): number {
  const start = performance.now();
  let parsed = 0;
  for (const data of readZipEntries(readFileSync(file)).values()) if (JSON.parse(data.toString('utf8')) !== null) parsed += 1;
  if (parsed === 0) throw new Error('nothing parsed');
  return since(start);
}

/** Importing the 10 000-sample log as a zstd .eval against the bare cost of reading it (repetitions alternated). */
export async function benchZstdImport(deflated: string, count: number, repetitions: number): Promise<ZstdImportResult> {
  const file = zstdTwin(deflated);
  const bare: number[] = [];
  const imports: number[] = [];
  for (let r = 0; r < repetitions; r += 1) {
    bare.push(bareRead(file));
    const start = performance.now();
    const outcome = await INSPECT_IMPORT.run(file, join(scratchDir('zstd-import-run'), 'run'), { sources: {} });
    imports.push(since(start));
    if (outcome.imported !== count) throw new Error(`imported ${outcome.imported} of ${count}`);
  }
  const bareMs = median(bare);
  const importMs = median(imports);
  return {
    fileMB: round(statSync(file).size / 1e6, 1),
    bareMs: round(bareMs, 0),
    importMs: round(importMs, 0),
    importOverBare: round(importMs / bareMs, 2),
  };
}

/** The peak RSS of the built CLI importing an .eval of more than 1 GB (the tests' log), beside the file's size. */
export async function benchLargeLog(): Promise<LargeLogResult> {
  const scratch = scratchDir('large-log');
  try {
    const file = join(scratch, 'large.eval');
    const size = writeLargeInspectLog(file);
    const result = await startCli(['import', 'inspect', file, '--out', join(scratch, 'runs')], { peakRss: true }).done;
    if (result.code !== 0) throw new Error(result.stderr);
    return { fileMiB: round(size / 2 ** 20, 0), peakRssMiB: round(peakRssOf(result) / 2 ** 20, 0) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
