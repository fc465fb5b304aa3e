import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { z } from 'zod';
import { InputError, UserError } from '../util/errors';
import { firstIssue, parseAt } from '../util/zodIssues';
import { ItemErrorSchema, type ResultLine, ResultLineSchema, VerdictSchema } from './resultLine';
import { type RunManifest } from './runManifest';
import { INPUT_SHAPES } from './runFolder';

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

/** An item's current (last) line: where it is, and what lists, counts and stale checks need of it. */
export interface IndexEntry<S> {
  readonly itemId: string;
  /** Byte offset of the line in results.jsonl, and its length in bytes without the newline. */
  readonly offset: number;
  readonly length: number;
  /** 1-based line number, for error messages. */
  readonly line: number;
  readonly time: string;
  readonly verdict: boolean | null;
  readonly error: ResultLine['error'];
  /** What a decision's basis is computed from (stale checks), kept so no line is reread for them. */
  readonly basis: Pick<ResultLine, 'itemHash' | 'response' | 'judgeReply'>;
  /** The caller's digest of the line (a list row's label, facets, scores). */
  readonly summary: S;
}

export interface ResultsIndexOptions<S> {
  /** Checks each line's inputs against the benchmark and its itemId against the run's items. */
  readonly manifest?: RunManifest;
  readonly describe: (line: IndexedLine) => S;
}

const CHUNK_BYTES = 8 * 1024 * 1024;

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
  private readonly known: ReadonlySet<string> | undefined;

  private constructor(
    readonly path: string,
    private readonly options: ResultsIndexOptions<S>,
  ) {
    this.known = options.manifest === undefined ? undefined : new Set(options.manifest.dataset.itemIds);
  }

  static read<S>(path: string, options: ResultsIndexOptions<S>): ResultsIndex<S> {
    const index = new ResultsIndex(path, options);
    index.refresh();
    return index;
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
      const size = fstatSync(fd).size;
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
    if (entry === undefined) return undefined;
    const fd = openSync(this.path, 'r');
    try {
      const bytes = Buffer.alloc(entry.length);
      readSync(fd, bytes, 0, entry.length, entry.offset);
      return this.parseFull(bytes.toString('utf8'), entry);
    } finally {
      closeSync(fd);
    }
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
        if (entry !== undefined) visit(this.parseFull(buffer.toString('utf8', start, end), entry), entry);
      });
    } finally {
      closeSync(fd);
    }
  }

  private parseFull(text: string, entry: IndexEntry<S>): ResultLine {
    const at = { file: this.path, line: entry.line };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new InputError(at, `not valid JSON (${(error as Error).message}); was results.jsonl replaced while open?`);
    }
    const line = parseAt(ResultLineSchema, json, at);
    if (line.itemId !== entry.itemId) throw new UserError(`${this.path} line ${entry.line}: results.jsonl changed under the index (expected item "${entry.itemId}"); reopen the run`);
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
    const manifest = this.options.manifest;
    if (manifest !== undefined) {
      const inputs = INPUT_SHAPES[manifest.benchmark].safeParse(value.inputs);
      if (!inputs.success) {
        const { field, message } = firstIssue(inputs.error);
        throw new InputError({ file: this.path, line, field: `inputs.${field}` }, `${message}: not a result of a ${manifest.benchmark} item (a results file of another benchmark?)`);
      }
    }
    if (this.known !== undefined && !this.known.has(value.itemId)) {
      throw new UserError(`${this.path} line ${line}, field "itemId": "${value.itemId}" is not an item of this run`);
    }
    return {
      itemId: value.itemId,
      offset,
      length,
      line,
      time: value.time,
      verdict: value.verdict,
      error: value.error,
      basis: { itemHash: value.itemHash, response: value.response, judgeReply: value.judgeReply },
      summary: this.options.describe(value),
    };
  }
}

function isBlank(buffer: Buffer, start: number, end: number): boolean {
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
function scanLines(fd: number, from: number, to: number, line: (buffer: Buffer, start: number, end: number, offset: number) => void): number {
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
