import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readSync, writeFileSync } from 'node:fs';

/**
 * How long a tail without a newline must stay unchanged before it counts as torn, not as a write in
 * progress: longer than the kernel ever pauses a writer mid-write (dirty-page throttling, at most 200 ms).
 * Paid only when a tail looks torn, which takes a crash.
 */
const SETTLE_CHECKS = 6;
const SETTLE_INTERVAL_MS = 50;

/**
 * A file of lines whose last line has no newline was torn by a crash mid-write. The bytes after the last
 * newline are moved to `<file>.torn-<time>` and the file is truncated to that newline: the only rewrite the
 * tool ever makes to a log. Returns the path the bytes were moved to, or undefined when nothing was torn.
 *
 * Another process may be appending to the same file (a second window adjudicating the same run), and a
 * long line being written can be seen half-written for a moment. So a tail counts as torn only when the
 * file stays the same size for a while; a file that grows meanwhile is left alone (the appenders keep a
 * torn tail apart from their own lines, and the next open repairs it).
 */
export function repairTornTail(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  const fd = openSync(path, 'r+');
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return undefined;
    const lastNewline = findLastNewline(fd, size);
    const keep = lastNewline + 1;
    if (keep === size) return undefined;
    for (let check = 0; check < SETTLE_CHECKS; check++) {
      pauseMs(SETTLE_INTERVAL_MS);
      if (fstatSync(fd).size !== size) return undefined;
    }
    const torn = Buffer.alloc(size - keep);
    readSync(fd, torn, 0, torn.length, keep);
    const movedTo = `${path}.torn-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    writeFileSync(movedTo, torn, { flag: existsSync(movedTo) ? 'a' : 'wx' });
    ftruncateSync(fd, keep);
    return movedTo;
  } finally {
    closeSync(fd);
  }
}

/** A synchronous pause (opening a log is synchronous, and this happens only when a tail looks torn). */
function pauseMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Byte offset of the last '\n', or -1. Reads backwards in chunks so huge files cost little. */
export function findLastNewline(fd: number, size: number): number {
  const chunk = Buffer.alloc(64 * 1024);
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const length = end - start;
    readSync(fd, chunk, 0, length, start);
    const at = chunk.subarray(0, length).lastIndexOf(0x0a);
    if (at !== -1) return start + at;
    end = start;
  }
  return -1;
}
