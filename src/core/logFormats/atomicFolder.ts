import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../util/errors';

const LEFTOVER = /^\.(.+)\.importing-(\d+)$/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Removes what an import into `dir` killed before its rename left beside it (its process gone), and says so. */
function clearLeftovers(dir: string): string[] {
  const parent = dirname(dir);
  if (!existsSync(parent)) return [];
  const notes: string[] = [];
  for (const entry of readdirSync(parent)) {
    const match = LEFTOVER.exec(entry);
    if (match === null || match[1] !== basename(dir) || alive(Number(match[2]))) continue;
    rmSync(join(parent, entry), { recursive: true, force: true });
    notes.push(`removed ${join(parent, entry)}, left by an import into ${dir} that was interrupted before it was whole`);
  }
  return notes;
}

/** A test seam: EVAL_ADJUDICATOR_IMPORT_PAUSE=<stage> stops the import at that stage until it is killed. */
export function pausePoint(stage: string): void {
  if (process.env['EVAL_ADJUDICATOR_IMPORT_PAUSE'] !== stage) return;
  process.stderr.write(`import paused at ${stage}\n`);
  const cell = new Int32Array(new SharedArrayBuffer(4));
  for (;;) Atomics.wait(cell, 0, 0, 60_000);
}

/**
 * Writes a folder whole or not at all: `fill` writes into a temporary folder beside `dir`
 * (`.<name>.importing-<pid>`), which is fsynced and renamed to `dir` when complete. An error removes it;
 * a kill leaves it beside, never at `dir`, and the next write into `dir` removes it and says so.
 */
export function writeFolderAtomically(target: string, fill: (temporary: string) => void): { notes: string[] } {
  const dir = resolve(target);
  if (existsSync(join(dir, 'run.json'))) throw new UserError(`${dir}: already holds a run; choose another --out or --resume it`);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new UserError(`${dir}: holds files but no run; choose another --out or --name`);
  const notes = clearLeftovers(dir);
  const temporary = join(dirname(dir), `.${basename(dir)}.importing-${process.pid}`);
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  try {
    fill(temporary);
    fsyncPath(temporary);
    pausePoint('rename');
    if (existsSync(dir)) rmdirSync(dir);
    renameSync(temporary, dir);
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
  fsyncPath(dirname(dir));
  return { notes };
}
