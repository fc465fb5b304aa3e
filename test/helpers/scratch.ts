import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function scratchDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `ea-${prefix}-`));
}

/** Every file below dir (recursively), for scans of what the tool wrote. */
export function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .filter((path) => statSync(path).isFile());
}

/** Files below the given directories whose bytes contain the needle. */
export function filesContaining(dirs: readonly string[], needle: string): string[] {
  const bytes = Buffer.from(needle, 'utf8');
  return dirs.flatMap(filesBelow).filter((path) => readFileSync(path).includes(bytes));
}
