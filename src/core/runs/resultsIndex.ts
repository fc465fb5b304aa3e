import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import * as z from 'zod';
import { InputError, UserError } from '../util/errors';
import { isBlank, scanLines } from '../util/jsonlScan';
import { parseAt } from '../util/zodIssues';
import { invalidUtf8Message, invalidUtf8Offset } from '../util/utf8';
import { ItemErrorSchema, type ResultLine, ResultLineSchema, VerdictSchema } from './resultLine';
import { lineBasisDigest } from './decisionBasis';
import { type LineCheck, type ResultsCheck, checkLineOfRun, lineCheckOf } from './benchmarkLineCheck';
import {
  type IndexEntry,
  type IndexFileOptions,
  fingerprintsOf,
  loadIndexFile,
  removeIndexFile,
  resultsIndexPathOf,
  writeIndexFile,
} from './resultsIndexFile';

/**
 * What the index checks on every line as it reads: the fields it keeps. The rest of a line is validated
 * when the line is read in full (an item shown, exported), with the same file, line and field in errors.
 */
export const IndexedLineSchema = z.looseObject({
  itemId: z.string().min(1),
  itemHash: z.string(),
  time: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  response: z.string().nullable(),
  judgeReply: z.string().nullable(),
  verdict: VerdictSchema,
  error: ItemErrorSchema.nullable(),
});
export type IndexedLine = z.output<typeof IndexedLineSchema>;

export type { IndexEntry } from './resultsIndexFile';

export interface ResultsIndexOptions<S> {
  /** Checks each line's inputs against the benchmark and its itemId against the run's items. */
  readonly check?: ResultsCheck;
  readonly describe: (line: IndexedLine) => S;
  /** The run's item ids when the caller holds them already (a review's positions): not built again from the manifest. */
  readonly knownIds?: { has(itemId: string): boolean };
  /**
   * Keep the index on disk beside results.jsonl (results.index) and start from it when it still
   * matches the file: opening a large run then reads the index and the lines appended since, not the run.
   */
  readonly file?: IndexFileOptions<S>;
}

/**
 * A compact index of results.jsonl, read once: for each item the byte offset of its last line (a retry
 * appends, the last line wins) and a digest of it. A line is parsed in full only when it is asked for.
 * Appended lines are taken in by refresh(), which reads only the bytes added since; bytes after the last
 * newline (a write in progress, a torn tail) are left for a later read.
 */
export class ResultsIndex<S> {
  private readonly entries = new Map<string, IndexEntry<S>>();
  private end = 0;
  private nextLine = 1;
  private tornBytes = 0;
  private linesRead = 0;
  private readonly lineCheck: LineCheck | undefined;
  /** results.jsonl's size and mtime at the last read (what the index file records). */
  private stat = { size: 0, mtimeMs: 0 };
  private burstFd: number | undefined;

  private constructor(
    readonly path: string,
    private readonly options: ResultsIndexOptions<S>,
  ) {
    this.lineCheck = options.check === undefined ? undefined : lineCheckOf(options.check, options.knownIds);
  }

  static read<S>(path: string, options: ResultsIndexOptions<S>): ResultsIndex<S> {
    const index = new ResultsIndex(path, options);
    const fromFile = options.file === undefined ? -1 : index.loadFile(options.file);
    index.refresh();
    // Written when it adds something: a first read, or lines appended since the file was written.
    if (options.file !== undefined && index.linesRead > 0 && index.nextLine - 1 !== fromFile) index.saveFile(options.file);
    return index;
  }

  private get indexPath(): string {
    return resultsIndexPathOf(this.path);
  }

  /** Starts from results.index when it matches results.jsonl; returns the lines it covered, or -1. */
  private loadFile(file: IndexFileOptions<S>): number {
    if (!existsSync(this.path)) return -1;
    const fd = openSync(this.path, 'r');
    let stored;
    try {
      stored = loadIndexFile(this.indexPath, fd, file);
    } finally {
      closeSync(fd);
    }
    if (stored === undefined) return -1;
    for (const entry of stored.entries) {
      // An item the run no longer has: read results.jsonl, which names the line at fault.
      if (this.lineCheck !== undefined && !this.lineCheck.known.has(entry.itemId)) {
        this.entries.clear();
        return -1;
      }
      this.entries.set(entry.itemId, entry);
    }
    this.end = stored.coverage.end;
    this.nextLine = stored.coverage.lines + 1;
    this.linesRead = stored.coverage.linesRead;
    return stored.coverage.lines;
  }

  private saveFile(file: IndexFileOptions<S>): void {
    const fd = openSync(this.path, 'r');
    let fingerprints;
    try {
      fingerprints = fingerprintsOf(fd, this.end);
    } finally {
      closeSync(fd);
    }
    const coverage = { ...this.stat, end: this.end, lines: this.nextLine - 1, linesRead: this.linesRead, ...fingerprints };
    writeIndexFile(this.indexPath, file, { coverage, entries: [...this.entries.values()] });
  }

  /** The index file did not describe results.jsonl after all (edited in place): the next open rebuilds it. */
  private forgetFile(): void {
    if (this.options.file !== undefined) removeIndexFile(this.indexPath);
  }

  /** Items with a result. */
  get size(): number {
    return this.entries.size;
  }

  /** Complete lines read so far (every line, superseded ones included). */
  get lines(): number {
    return this.linesRead;
  }

  /** The file ended without a newline at the last read: a write in progress, or a crash. */
  get tornTail(): boolean {
    return this.tornBytes > 0;
  }

  get(itemId: string): IndexEntry<S> | undefined {
    return this.entries.get(itemId);
  }

  values(): IterableIterator<IndexEntry<S>> {
    return this.entries.values();
  }

  /**
   * Reads the lines appended since the last read; returns the ids whose current line changed. A file
   * that shrank (replaced, truncated) is read again from the start: then `reset` is true.
   */
  refresh(): { changed: string[]; reset: boolean } {
    if (!existsSync(this.path)) {
      const reset = this.end > 0;
      this.clear();
      return { changed: [], reset };
    }
    const fd = openSync(this.path, 'r');
    try {
      const { size, mtimeMs } = fstatSync(fd);
      this.stat = { size, mtimeMs };
      const reset = size < this.end;
      if (reset) this.clear();
      const changed = this.readFrom(fd, size);
      return { changed: reset ? [...this.entries.keys()] : changed, reset };
    } finally {
      closeSync(fd);
    }
  }

  /** The item's current line, read by its offset and validated in full; undefined when it has none. */
  readLine(itemId: string): ResultLine | undefined {
    const entry = this.entries.get(itemId);
    return entry === undefined ? undefined : this.readFields(entry, ResultLineSchema);
  }

  /** The entry's line, read by its offset and validated with `schema`. */
  private readFields<T extends { itemId: string }>(entry: IndexEntry<S>, schema: z.ZodType<T>): T {
    const bytes = Buffer.alloc(entry.length);
    readSync(this.openForBurst(), bytes, 0, entry.length, entry.offset);
    return this.parseAs(bytes.toString('utf8'), entry, schema);
  }

  /**
   * results.jsonl open for the reads of the current task: a header's pass reads the bases of every decided
   * item one after another, and one descriptor serves them all (closed once the task's synchronous work ends).
   */
  private openForBurst(): number {
    if (this.burstFd !== undefined) return this.burstFd;
    const fd = openSync(this.path, 'r');
    this.burstFd = fd;
    queueMicrotask(() => {
      this.burstFd = undefined;
      closeSync(fd);
    });
    return fd;
  }

  /** Every item's current line in full, in file order, in one sequential read (an export, a search corpus). */
  forEachLine(visit: (line: ResultLine, entry: IndexEntry<S>) => void): void {
    if (this.entries.size === 0) return;
    const byOffset = new Map<number, IndexEntry<S>>();
    for (const entry of this.entries.values()) byOffset.set(entry.offset, entry);
    const fd = openSync(this.path, 'r');
    try {
      scanLines(fd, 0, this.end, (buffer, start, end, offset) => {
        const entry = byOffset.get(offset);
        if (entry !== undefined) visit(this.parseAs(buffer.toString('utf8', start, end), entry, ResultLineSchema), entry);
      });
    } finally {
      closeSync(fd);
    }
  }

  private parseAs<T extends { itemId: string }>(text: string, entry: IndexEntry<S>, schema: z.ZodType<T>): T {
    const at = { file: this.path, line: entry.line };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      this.forgetFile();
      throw new InputError(at, `not valid JSON (${(error as Error).message}); was results.jsonl replaced while open?`);
    }
    const line = parseAt(schema, json, at);
    if (line.itemId !== entry.itemId) this.forgetFile();
    if (line.itemId !== entry.itemId)
      throw new UserError(
        `${this.path} line ${entry.line}: results.jsonl changed under the index (expected item "${entry.itemId}"); reopen the run`,
      );
    return line;
  }

  private clear(): void {
    this.entries.clear();
    this.end = 0;
    this.nextLine = 1;
    this.tornBytes = 0;
    this.linesRead = 0;
  }

  private readFrom(fd: number, size: number): string[] {
    const changed: string[] = [];
    const consumed = scanLines(fd, this.end, size, (buffer, start, end, offset) => {
      const line = this.nextLine++;
      if (isBlank(buffer, start, end)) return;
      this.linesRead += 1;
      const bad = invalidUtf8Offset(buffer, start, end);
      if (bad !== -1) throw new InputError({ file: this.path, line }, invalidUtf8Message(buffer, bad, offset + bad - start));
      const entry = this.entryOf(buffer.toString('utf8', start, end), offset, end - start, line);
      this.entries.set(entry.itemId, entry);
      changed.push(entry.itemId);
    });
    this.end = consumed;
    this.tornBytes = size - consumed;
    return changed;
  }

  private entryOf(text: string, offset: number, length: number, line: number): IndexEntry<S> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new InputError({ file: this.path, line }, `not valid JSON (${(error as Error).message})`);
    }
    const value = parseAt(IndexedLineSchema, json, { file: this.path, line });
    if (this.lineCheck !== undefined) checkLineOfRun(this.lineCheck, value, this.path, line);
    return new LineEntry(value, offset, length, line, this.options.describe(value));
  }
}

/** An entry read from its line: the texts of its basis kept, their digest computed when first asked for. */
class LineEntry<S> implements IndexEntry<S> {
  readonly itemId: string;
  readonly verdict: boolean | null;
  readonly error: ResultLine['error'];
  private readonly basis: Pick<ResultLine, 'itemHash' | 'response' | 'judgeReply'>;
  private digest: string | undefined;

  constructor(
    value: IndexedLine,
    readonly offset: number,
    readonly length: number,
    readonly line: number,
    readonly summary: S,
  ) {
    this.itemId = value.itemId;
    this.verdict = value.verdict;
    this.error = value.error;
    this.basis = { itemHash: value.itemHash, response: value.response, judgeReply: value.judgeReply };
  }

  get basisDigest(): string {
    this.digest ??= lineBasisDigest(this.basis);
    return this.digest;
  }
}
