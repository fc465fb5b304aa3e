import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { UserError, errorMessage } from './errors';

/**
 * Replaces a file whole or not at all: the bytes go to `<file>.<pid>.tmp`, which is fsynced, then renamed
 * over the file, and the folder is fsynced so the rename itself survives a power cut. A failed write (a full
 * disk, a read-only folder) removes the temporary file and is an error naming the file.
 */
export function writeFileAtomically(path: string, data: string | Uint8Array): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new UserError(`${path}: could not be written (${errorMessage(error)}); the file is as it was`);
  }
  syncFolder(dirname(path));
}

/** fsync of a folder (its entries: a rename); some filesystems refuse it, which costs nothing but that guarantee. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // EISDIR/EINVAL on filesystems without directory fsync.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
