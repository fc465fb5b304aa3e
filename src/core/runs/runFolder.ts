import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFileAtomically } from '../util/atomicWrite';
import { dirname, join, resolve } from 'node:path';
import { UserError, errorMessage } from '../util/errors';
import { readJsonl } from '../util/jsonlReader';
import { decodeUtf8 } from '../util/utf8';
import { parseAt } from '../util/zodIssues';
import { type ResultLine, ResultLineSchema } from './resultLine';
import { type ResultsCheck, checkLineOfRun, lineCheckOf } from './benchmarkLineCheck';
import { type RunManifest, RunManifestSchema, RUN_FORMAT_VERSION } from './runManifest';

export const RUN_FILE = 'run.json';
export const RESULTS_FILE = 'results.jsonl';
export const ADJUDICATIONS_FILE = 'adjudications.jsonl';

export interface RunPaths {
  readonly dir: string;
  readonly manifest: string;
  readonly results: string;
  readonly adjudications: string;
}

export function runPaths(dir: string): RunPaths {
  const absolute = resolve(dir);
  return {
    dir: absolute,
    manifest: join(absolute, RUN_FILE),
    results: join(absolute, RESULTS_FILE),
    adjudications: join(absolute, ADJUDICATIONS_FILE),
  };
}

/** Creates a new run folder with its run.json and empty logs; refuses to reuse an existing folder. */
export function createRunFolder(dir: string, manifest: RunManifest): RunPaths {
  const paths = runPaths(dir);
  if (existsSync(paths.manifest)) throw new UserError(`${paths.dir}: already holds a run; choose another --out or --resume it`);
  mkdirSync(paths.dir, { recursive: true });
  ensureUnionMerge(dirname(paths.dir));
  writeManifest(paths, manifest);
  writeFileSync(paths.results, '', { flag: 'a' });
  writeFileSync(paths.adjudications, '', { flag: 'a' });
  return paths;
}

/** run.json is replaced atomically (written beside, fsynced, then renamed), so a crash leaves the old or the new. */
export function writeManifest(paths: RunPaths, manifest: RunManifest): void {
  writeFileAtomically(paths.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readManifest(dir: string): RunManifest {
  const paths = runPaths(dir);
  if (!existsSync(paths.manifest)) throw new UserError(`${paths.dir}: not a run folder (no ${RUN_FILE})`);
  // Bytes that are not UTF-8 are refused before they could come back as U+FFFD in a rewritten run.json.
  const text = decodeUtf8(readFileSync(paths.manifest), paths.manifest);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UserError(`${paths.manifest}: not valid JSON (${errorMessage(error)})`);
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (version !== RUN_FORMAT_VERSION) {
    throw new UserError(
      `${paths.manifest}: formatVersion ${JSON.stringify(version)} is not one this version reads (${RUN_FORMAT_VERSION})`,
    );
  }
  return parseAt(RunManifestSchema, json, { file: paths.manifest });
}

export interface CurrentResults {
  /** The current (last) result of each item. */
  readonly byItem: Map<string, ResultLine>;
  readonly lines: number;
  readonly tornTail: boolean;
}

/** `check`: each line is checked against the run's items and benchmark (none: read as it is). */
export function readCurrentResults(dir: string, check?: ResultsCheck): CurrentResults {
  const paths = runPaths(dir);
  const { records, tornTail } = readJsonl(paths.results, ResultLineSchema);
  const lineCheck = check === undefined ? undefined : lineCheckOf(check);
  const byItem = new Map<string, ResultLine>();
  for (const { value, line } of records) {
    if (lineCheck !== undefined) checkLineOfRun(lineCheck, value, paths.results, line);
    byItem.set(value.itemId, value);
  }
  return { byItem, lines: records.length, tornTail };
}

/** adjudications.jsonl merges with git's union driver, so two annotators' pulls never conflict. */
export function ensureUnionMerge(runsDir: string): void {
  const path = join(runsDir, '.gitattributes');
  const line = 'adjudications.jsonl merge=union';
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (existing.split('\n').some((l) => l.trim() === line)) return;
  writeFileSync(path, `${existing}${existing === '' || existing.endsWith('\n') ? '' : '\n'}${line}\n`);
}
