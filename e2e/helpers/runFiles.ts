// Shared by the end-to-end tests: where the official data is, and reading what the extension wrote.
import { existsSync, readFileSync } from 'node:fs';
import { testDataDir } from '../../scripts/test-data/dataFolder';

/** The official data files, where the unit tests read them (EVAL_ADJUDICATOR_DATA, else shared/data beside the project). */
export const DATA_DIR = testDataDir();

/** Every complete line of a JSONL file, parsed (none while the file does not exist yet). */
export function readLines<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

/** Polls until the probe returns a value (the extension writes on its own schedule). */
export async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
