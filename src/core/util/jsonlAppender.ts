import { closeSync, fstatSync, fsync, openSync, readSync, writeSync } from 'node:fs';
import { UserError, errorMessage } from './errors';
import { repairTornTail } from './tornLineRepair';

export interface OpenedAppender {
  readonly appender: JsonlAppender;
  /** Where a torn last line was moved, when the file had one. */
  readonly tornLineMovedTo: string | undefined;
}

const NEWLINE = 0x0a;

/**
 * Appends JSON lines to a file. Each line is written with one write call as soon as it is appended, so a
 * killed process never loses a line already appended; fsync is shared by the lines appended meanwhile
 * (group commit) and `durable()` resolves once everything appended so far is on disk.
 *
 * Several processes may append to one file at once (two windows and the CLI adjudicating one run): the
 * file is opened with O_APPEND and each line is one write of one buffer, so lines never interleave. When
 * the file does not end in a newline at the moment of a write (another writer was killed mid-line after
 * this one opened), the line is written after a newline of its own, so the torn bytes stay a line apart
 * (read as a bad line and reported) and never swallow this one.
 */
export class JsonlAppender {
  private pendingSync: Promise<void> | undefined;
  private dirty = false;
  private closed = false;
  private readonly lastByte = Buffer.alloc(1);
  /** The file's size right after this appender's last line, which ends in a newline (-1: not known). */
  private endOfOwnLine = -1;

  private constructor(
    readonly path: string,
    private readonly fd: number,
  ) {}

  static open(path: string): OpenedAppender {
    const tornLineMovedTo = repairTornTail(path);
    // a+: O_APPEND for the writes, and reads of the last byte for the torn-tail guard.
    const fd = openSync(path, 'a+');
    return { appender: new JsonlAppender(path, fd), tornLineMovedTo };
  }

  append(value: unknown): void {
    this.appendLine(JSON.stringify(value));
  }

  appendLine(line: string): void {
    if (this.closed) throw new Error(`${this.path}: append after close`);
    if (line.includes('\n')) throw new Error(`${this.path}: a JSON line may not contain a newline`);
    const size = fstatSync(this.fd).size;
    const bytes = Buffer.from(`${this.endsMidLine(size) ? '\n' : ''}${line}\n`, 'utf8');
    let offset = 0;
    try {
      while (offset < bytes.length) offset += writeSync(this.fd, bytes, offset);
    } catch (error) {
      // A full disk or a revoked file: say which file; a part-written line is a torn tail the next open moves aside.
      throw new UserError(`${this.path}: could not append a line (${errorMessage(error)})`);
    }
    // If another writer appended meanwhile, the size will not match next time and the last byte is read.
    this.endOfOwnLine = size + bytes.length;
    this.dirty = true;
  }

  /** Whether the file's last byte is not a newline (a line torn by another writer's crash). */
  private endsMidLine(size: number): boolean {
    if (size === 0 || size === this.endOfOwnLine) return false;
    return readSync(this.fd, this.lastByte, 0, 1, size - 1) === 1 && this.lastByte[0] !== NEWLINE;
  }

  /** Resolves when every line appended before the call is on disk. */
  durable(): Promise<void> {
    if (!this.dirty) return this.pendingSync ?? Promise.resolve();
    const previous = this.pendingSync ?? Promise.resolve();
    const next = previous.then(() => this.syncNow());
    this.pendingSync = next;
    return next;
  }

  private syncNow(): Promise<void> {
    if (!this.dirty) return Promise.resolve();
    this.dirty = false;
    return new Promise((resolve, reject) => {
      fsync(this.fd, (error) =>
        error ? reject(new UserError(`${this.path}: could not be flushed to disk (${error.message})`)) : resolve(),
      );
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.durable();
    this.closed = true;
    closeSync(this.fd);
  }
}
