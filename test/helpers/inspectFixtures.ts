import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readZipEntries } from './zipReader';

/** Real Inspect AI logs from Inspect's own tests (test/fixtures/foreign-logs/inspect/README.md). */
export const INSPECT_FIXTURES = join(__dirname, '..', 'fixtures', 'foreign-logs', 'inspect');
export const POPULARITY = join(INSPECT_FIXTURES, '2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval');
export const POPULARITY_UNSCORED = join(INSPECT_FIXTURES, '2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval');
export const STREAMING = join(INSPECT_FIXTURES, 'log_streaming.eval');
export const MMLU = join(INSPECT_FIXTURES, 'mmlu-summary-choices.eval');
export const READ_SAMPLE_JSON = join(INSPECT_FIXTURES, 'log_read_sample.json');
export const FORMATS_JSON = join(INSPECT_FIXTURES, 'log_formats.json');
export const VERSION_4 = join(INSPECT_FIXTURES, 'log_version_3.txt');
export const WITH_NAN = join(INSPECT_FIXTURES, 'log_with_nan.txt');

export type Json = Record<string, unknown>;

/** A member of an .eval, read with the tests' own zip reader and JSON.parse. */
export function evalMember(file: string, name: string): Json {
  const data = readZipEntries(readFileSync(file)).get(name);
  if (data === undefined) throw new Error(`${file} has no ${name}`);
  return JSON.parse(data.toString('utf8')) as Json;
}

/** The accuracy the log reports for its first score, read without the tool's code. */
export function reportedAccuracy(file: string): number {
  const header = file.endsWith('.eval') ? evalMember(file, 'header.json') : (JSON.parse(readFileSync(file, 'utf8')) as Json);
  const scores = (header['results'] as { scores: { metrics: { accuracy: { value: number } } }[] }).scores;
  const first = scores[0];
  if (first === undefined) throw new Error('no scores');
  return first.metrics.accuracy.value;
}

/** The same logs with zstd members and condensed events, as Inspect 0.3.206+ writes them (inspect-zstd/README.md). */
export const ZSTD_FIXTURES = join(__dirname, '..', 'fixtures', 'foreign-logs', 'inspect-zstd');
export const ZSTD_TWINS: readonly { readonly zstd: string; readonly original: string }[] = [
  { zstd: join(ZSTD_FIXTURES, 'popularity-zstd.eval'), original: POPULARITY },
  { zstd: join(ZSTD_FIXTURES, 'streaming-zstd.eval'), original: STREAMING },
  { zstd: join(ZSTD_FIXTURES, 'mmlu-zstd.eval'), original: MMLU },
];
export const ZSTD_WRONG_CRC = join(ZSTD_FIXTURES, 'popularity-zstd-wrong-crc.eval');
