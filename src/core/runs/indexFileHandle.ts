import { isAscii } from 'node:buffer';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { type BodySize, type LazyBody } from './resultsIndexColumns';

/** Closes the file of a handle collected before its lazy sections were all read (a session dropped early). */
const unclosed = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
});

const FIRST_READ = 64 * 1024;

/**
 * results.index open for reading: its JSON line parsed, then the eager part of its body read on request,
 * and the file kept open while lazy sections remain (a label read after the open reads the same file,
 * even if another window has since replaced it). Closed when the last lazy section is read whole, or when
 * the handle is collected.
 */
export class IndexFileHandle implements LazyBody {
  private open = true;
  private pending = 0;

  private constructor(
    private readonly fd: number,
    readonly head: unknown,
    private readonly bodyStart: number,
    private readonly fileSize: number,
  ) {
    unclosed.register(this, fd, this);
  }

  /** The file's JSON line and where its body starts; undefined (the file closed) when it has none or is unreadable. */
  static open(path: string): IndexFileHandle | undefined {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return undefined;
    }
    try {
      const size = fstatSync(fd).size;
      let chunk = Buffer.alloc(Math.min(size, FIRST_READ));
      let newline = -1;
      for (;;) {
        const got = readSync(fd, chunk, 0, chunk.length, 0);
        newline = chunk.subarray(0, got).indexOf(0x0a);
        if (newline !== -1 || chunk.length >= size) break;
        chunk = Buffer.alloc(Math.min(size, chunk.length * 4));
      }
      if (newline === -1) throw new Error('no JSON line');
      const line = chunk.subarray(0, newline);
      // Written as ASCII (asciiJson): a one-byte string, decoded and parsed about twice as fast as UTF-8 text.
      const head: unknown = JSON.parse(line.toString(isAscii(line) ? 'latin1' : 'utf8'));
      return new IndexFileHandle(fd, head, newline + 1, size);
    } catch {
      closeSync(fd);
      return undefined;
    }
  }

  /** The eager part of the body, in a buffer of its own (8-byte aligned); undefined when the file is too short for the body. */
  eager(size: BodySize): Buffer | undefined {
    if (this.fileSize !== this.bodyStart + size.total || size.eager > size.total) return undefined;
    return this.read(0, size.eager);
  }

  read(at: number, bytes: number): Buffer {
    if (!this.open) throw new Error('results.index: read after it was closed');
    const buffer = Buffer.alloc(bytes);
    let done = 0;
    while (done < bytes) {
      const got = readSync(this.fd, buffer, done, bytes - done, this.bodyStart + at + done);
      if (got === 0) throw new Error('results.index: shorter than its sections');
      done += got;
    }
    return buffer;
  }

  /** The lazy sections handed out: the file closes once each has been read whole (now, if there are none). */
  keepFor(lazySections: number): void {
    this.pending = lazySections;
    if (this.pending === 0) this.close();
  }

  done(): void {
    this.pending -= 1;
    if (this.pending <= 0) this.close();
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    unclosed.unregister(this);
    closeSync(this.fd);
  }
}
