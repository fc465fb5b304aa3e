import { closeSync, fsync, openSync, writeSync } from 'node:fs';
import { repairTornTail } from './tornTail';

export interface OpenedAppender {
  readonly appender: JsonlAppender;
  /** Where a torn last line was moved, when the file had one. */
  readonly tornLineMovedTo: string | undefined;
}

/**
 * Appends JSON lines to a file. Each line is written with one write call as soon as it is appended, so a
 * killed process never loses a line already appended; fsync is shared by the lines appended meanwhile
 * (group commit) and `durable()` resolves once everything appended so far is on disk.
 */
export class JsonlAppender {
  private pendingSync: Promise<void> | undefined;
  private dirty = false;
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly fd: number,
  ) {}

  static open(path: string): OpenedAppender {
    const tornLineMovedTo = repairTornTail(path);
    const fd = openSync(path, 'a');
    return { appender: new JsonlAppender(path, fd), tornLineMovedTo };
  }

  append(value: unknown): void {
    this.appendLine(JSON.stringify(value));
  }

  appendLine(line: string): void {
    if (this.closed) throw new Error(`${this.path}: append after close`);
    if (line.includes('\n')) throw new Error(`${this.path}: a JSON line may not contain a newline`);
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(this.fd, bytes, offset);
    this.dirty = true;
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
      fsync(this.fd, (error) => (error ? reject(error) : resolve()));
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.durable();
    this.closed = true;
    closeSync(this.fd);
  }
}
