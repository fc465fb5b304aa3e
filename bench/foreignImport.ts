import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { INSPECT_IMPORT } from '../src/core/logFormats/inspect/importInspect';
import { scratchDir } from './paths';
import { type ReviewUiResult, benchReviewUi } from './reviewUi';
import { median, round, since } from './stats';
import { type LargeLogResult, type ZstdImportResult, benchLargeLog, benchZstdImport } from './foreignImportZstd';
import { type Outcome } from './targets';

const SOURCE = join(
  __dirname,
  '..',
  'test',
  'fixtures',
  'foreign-logs',
  'inspect',
  '2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval',
);

export interface ForeignImportResult {
  readonly samples: number;
  readonly fileMB: number;
  readonly bareMs: number;
  readonly importMs: number;
  /** The import (read, check, map, write the run folder) over reading every zip member and JSON.parse of each. */
  readonly importOverBare: number;
  /** The review of the imported run, opened as the 100 000-item run's is (Review command to first item painted). */
  readonly review: ReviewUiResult;
  /** The same log as Inspect 0.3.206+ writes it: zstd members, condensed events. */
  readonly zstd: Outcome<ZstdImportResult>;
  /** The peak RSS of importing an .eval of more than 1 GB. */
  readonly largeLog: Outcome<LargeLogResult>;
}

/** A real log's samples repeated under new ids up to `count`, written as Inspect writes an .eval (deflate 5). */
function largeLog(count: number): string {
  const members = unzipSync(readFileSync(SOURCE));
  const samples = Object.entries(members).filter(([name]) => name.startsWith('samples/'));
  const out: Zippable = {};
  const encode = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value));
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const [, data] = samples[i % samples.length] ?? ['', new Uint8Array()];
    const sample = JSON.parse(Buffer.from(data).toString('utf8')) as Record<string, unknown>;
    sample['id'] = i + 1;
    ids.push(i + 1);
    out[`samples/${i + 1}_epoch_1.json`] = [encode(sample), { level: 5 }];
  }
  const header = JSON.parse(Buffer.from(members['header.json'] ?? new Uint8Array()).toString('utf8')) as {
    eval: { dataset: Record<string, unknown> };
  };
  header.eval.dataset['sample_ids'] = ids;
  header.eval.dataset['samples'] = count;
  out['header.json'] = [encode(header), { level: 5 }];
  const file = join(scratchDir('foreign-import'), 'large.eval');
  writeFileSync(file, zipSync(out));
  return file;
}

function bareRead(file: string): number {
  const start = performance.now();
  let parsed = 0;
  for (const data of Object.values(unzipSync(readFileSync(file)))) if (JSON.parse(Buffer.from(data).toString('utf8')) !== null) parsed += 1;
  if (parsed === 0) throw new Error('nothing parsed');
  return since(start);
}

/** Importing a 10 000-sample Inspect .eval against the bare cost of reading it (repetitions alternated). */
export async function benchForeignImport(repetitions: number, count = 10_000): Promise<ForeignImportResult> {
  const file = largeLog(count);
  const bare: number[] = [];
  const imports: number[] = [];
  let runDir = '';
  for (let r = 0; r < repetitions; r += 1) {
    bare.push(bareRead(file));
    const start = performance.now();
    runDir = join(scratchDir('foreign-import-run'), 'run');
    const outcome = await INSPECT_IMPORT.run(file, runDir, { sources: {} });
    imports.push(since(start));
    if (outcome.imported !== count) throw new Error(`imported ${outcome.imported} of ${count}`);
  }
  const review = await benchReviewUi(runDir);
  const outcome = async <T>(run: () => Promise<T>): Promise<Outcome<T>> =>
    run().then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error: error instanceof Error ? error.message : String(error) }),
    );
  const zstd = await outcome(() => benchZstdImport(file, count, repetitions));
  const large = await outcome(() => benchLargeLog());
  const bareMs = median(bare);
  const importMs = median(imports);
  return {
    samples: count,
    fileMB: round(readFileSync(file).length / 1e6, 1),
    bareMs: round(bareMs, 0),
    importMs: round(importMs, 0),
    importOverBare: round(importMs / bareMs, 2),
    review,
    zstd,
    largeLog: large,
  };
}
