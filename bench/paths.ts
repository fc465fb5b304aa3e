import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sharedDataDir } from '../test/helpers/sharedData';

/** The repository root (bench/ sits directly below it). */
export const REPO_ROOT = resolve(__dirname, '..');

/** The official data: EVAL_ADJUDICATOR_DATA, else ../shared/data. */
export const DATA_DIR = sharedDataDir;

export const YOKAIEVAL_JSON = join(DATA_DIR, 'yokaieval', 'YokaiEval.json');
export const KALAHI_CSV = join(DATA_DIR, 'kalahi', 'filipino.csv');

const created: string[] = [];

/** A fresh scratch directory on the same disk as the system's temporary files (removed by cleanup()). */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `ea-bench-${prefix}-`));
  created.push(dir);
  return dir;
}

/** Removes every scratch directory made by this process. */
export function cleanupScratch(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}
