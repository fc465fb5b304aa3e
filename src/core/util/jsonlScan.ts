import { readSync } from 'node:fs';

const CHUNK_BYTES = 8 * 1024 * 1024;

/** Whether bytes [start, end) are only spaces, tabs and carriage returns (a blank line). */
export function isBlank(buffer: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = buffer[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  }
  return true;
}

/**
 * Calls `line` for each complete line between `from` and `to` (byte offsets) with the bytes' buffer, the
 * line's start and end in it, and its offset in the file. Returns the offset after the last newline.
 */
export function scanLines(
  fd: number,
  from: number,
  to: number,
  line: (buffer: Buffer, start: number, end: number, offset: number) => void,
): number {
  let buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(1, to - from)));
  let position = from;
  while (position < to) {
    const want = Math.min(buffer.length, to - position);
    const got = readSync(fd, buffer, 0, want, position);
    if (got === 0) break;
    const view = buffer.subarray(0, got);
    let start = 0;
    let newline = view.indexOf(0x0a, start);
    while (newline !== -1) {
      line(view, start, newline, position + start);
      start = newline + 1;
      newline = view.indexOf(0x0a, start);
    }
    if (start === 0) {
      // No newline in a full buffer: one line longer than the buffer. Read it again with room for it.
      if (got < buffer.length || position + got >= to) break;
      buffer = Buffer.allocUnsafe(buffer.length * 2);
      continue;
    }
    position += start;
  }
  return position;
}
