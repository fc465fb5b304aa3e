import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UserError, errorMessage } from '../util/errors';
import { sha256Hex } from '../util/hash';
import { type BenchmarkManifest, type SourceFile, manifestFile } from './manifest';
import { userCacheDir } from './cacheDir';

export type Downloader = (url: string, signal?: AbortSignal) => Promise<Uint8Array>;

/** How a user points the tool at a folder of local copies, ending before "a directory holding …". */
export const CLI_DATA_DIR_ADVICE = 'point --data (or EVAL_ADJUDICATOR_DATA) at';

/** An official file that could not be had (not found, not downloaded, wrong sha256): the user sets a data directory. */
export class DataSourceError extends UserError {}

export interface ResolveOptions {
  /** A directory of local copies laid out as docs/official-data.md says (`--data`, env EVAL_ADJUDICATOR_DATA). */
  readonly dataDir?: string | undefined;
  /** How the errors tell the user to name a data directory (default: the CLI's `--data`). */
  readonly dataDirAdvice?: string;
  readonly cacheDir?: string | undefined;
  readonly download?: Downloader;
  readonly signal?: AbortSignal | undefined;
}

export interface ResolvedSourceFile {
  readonly key: string;
  readonly file: SourceFile;
  readonly repository: string;
  readonly commit: string;
  readonly path: string;
  readonly bytes: Buffer;
  readonly sha256: string;
  readonly origin: 'local' | 'cache' | 'download';
}

export function dataDirFrom(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (option !== undefined && option !== '') return resolve(option);
  const fromEnv = env['EVAL_ADJUDICATOR_DATA'];
  return fromEnv !== undefined && fromEnv !== '' ? resolve(fromEnv) : undefined;
}

/**
 * Finds an official file: a local copy when a data directory is given; else the download cache; else
 * downloads it from the URL pinned to the manifest's commit. Every copy is checked against the sha256.
 */
export async function resolveSourceFile(
  manifest: BenchmarkManifest,
  key: string,
  options: ResolveOptions = {},
): Promise<ResolvedSourceFile> {
  const file = manifestFile(manifest, key);
  const advice = options.dataDirAdvice ?? CLI_DATA_DIR_ADVICE;
  const capitalized = `${advice.charAt(0).toUpperCase()}${advice.slice(1)}`;
  const where = `${file.path} of ${manifest.repository} at ${manifest.commit.slice(0, 7)}`;
  const resolved = (path: string, bytes: Buffer, origin: ResolvedSourceFile['origin']): ResolvedSourceFile => ({
    key,
    file,
    repository: manifest.repository,
    commit: manifest.commit,
    path,
    bytes,
    sha256: file.sha256,
    origin,
  });

  if (options.dataDir !== undefined) {
    const path = join(options.dataDir, file.local);
    if (!existsSync(path)) {
      throw new DataSourceError(
        `${path}: not found. The data directory ${options.dataDir} should hold ${file.local} (${where}), laid out as docs/official-data.md says; or ${advice} another directory.`,
      );
    }
    const bytes = readFileSync(path);
    checkSha256(bytes, file, path, `${capitalized} a directory holding an unmodified copy of ${where}.`);
    return resolved(path, bytes, 'local');
  }

  const cachePath = join(options.cacheDir ?? userCacheDir(), 'data', manifest.repository, manifest.commit, file.path);
  if (existsSync(cachePath)) {
    const bytes = readFileSync(cachePath);
    if (sha256Hex(bytes) === file.sha256) return resolved(cachePath, bytes, 'cache');
  }

  const download = options.download ?? fetchBytes;
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await download(file.url, options.signal));
  } catch (error) {
    throw new DataSourceError(
      `Could not download ${where} from ${file.url} (${errorMessage(error)}). Download it yourself, or ${advice} a directory holding ${file.local}.`,
    );
  }
  checkSha256(bytes, file, file.url, `${capitalized} a directory holding a verified copy of ${file.local}.`);
  mkdirSync(dirname(cachePath), { recursive: true });
  const temporary = `${cachePath}.${process.pid}.part`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, cachePath);
  return resolved(cachePath, bytes, 'download');
}

function checkSha256(bytes: Buffer, file: SourceFile, shownAs: string, whatToDo: string): void {
  const actual = sha256Hex(bytes);
  if (actual !== file.sha256) {
    throw new DataSourceError(`${shownAs}: sha256 ${actual} does not match the pinned ${file.sha256} of ${file.path}. ${whatToDo}`);
  }
}

async function fetchBytes(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  const timeout = AbortSignal.timeout(60_000);
  const response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
