import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { existsSync, fstatSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import { ItemErrorSchema, type ResultLine } from './resultLine';

/**
 * results.index, the results index kept on disk beside results.jsonl: what opening a run needs of every
 * line (offsets, verdicts, errors, the caller's digest) without parsing the run. One line of JSON, then the
 * digests' text as raw UTF-8 bytes (labels: decoded only for the rows drawn, not all at open). Derived
 * and disposable: it is used only while it matches the bytes of results.jsonl it was built from (their size
 * and modification time, and hashes of their first and last 64 KiB), and rebuilt otherwise; deleting it
 * costs one full read on the next open.
 */
export const RESULTS_INDEX_SUFFIX = '.index';
const FORMAT = 'eval-adjudicator results index';
const VERSION = 1;
/** Bytes hashed at each end of the indexed part of results.jsonl. */
const FINGERPRINT_BYTES = 64 * 1024;

/** The file's name beside results.jsonl (results.jsonl → results.index). */
export function resultsIndexPathOf(resultsPath: string): string {
  return `${resultsPath.replace(/\.jsonl$/, '')}${RESULTS_INDEX_SUFFIX}`;
}

/** What the index knew of results.jsonl: how far it read, and how to tell the same bytes again. */
const CoverageSchema = z.object({
  /** results.jsonl's size and mtime when it was read (an unchanged size with another mtime: edited in place). */
  size: z.number().int().nonnegative(),
  mtimeMs: z.number(),
  /** The offset after the last complete line read. */
  end: z.number().int().nonnegative(),
  /** Lines read (blank ones counted) and result lines among them. */
  lines: z.number().int().nonnegative(),
  linesRead: z.number().int().nonnegative(),
  head: z.string(),
  tail: z.string(),
});
export type Coverage = z.output<typeof CoverageSchema>;

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
  /**
   * What a decision's basis is computed from (stale checks): kept from the read, or (an entry from the
   * index file, which leaves these texts out) read from its line when first asked for.
   */
  readonly basis: Basis;
  /** The caller's digest of the line (a list row's label, facets, scores). */
  readonly summary: S;
}

export type Basis = Pick<ResultLine, 'itemHash' | 'response' | 'judgeReply'>;

/**
 * A column of a hundred thousand values checked with one plain loop (a zod schema per element costs more
 * than reading the file).
 */
export function column<T>(name: string, element: (value: unknown) => value is T) {
  return z.custom<T[]>((value) => Array.isArray(value) && value.every((v) => element(v)), `a column of ${name}`);
}

export const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isPositive = (v: unknown): v is number => isCount(v) && v > 0;
const isString = (v: unknown): v is string => typeof v === 'string';
const isVerdict = (v: unknown): v is boolean | null => v === null || typeof v === 'boolean';
const isItemError = (v: unknown): v is ResultLine['error'] => v === null || ItemErrorSchema.safeParse(v).success;

/** The entries as columns (one array per field): compact, and checked a column at a time. */
const ColumnsSchema = z.object({
  itemId: column('item ids', (v): v is string => isString(v) && v.length > 0),
  offset: column('offsets', isCount),
  length: column('lengths', isCount),
  line: column('line numbers', isPositive),
  time: column('times', isString),
  verdict: column('verdicts', isVerdict),
  error: column('errors', isItemError),
  summaries: z.unknown(),
});

/**
 * What the caller's digests are and how they are stored: a different key (another digest, another version
 * of it) makes the file stale; `encode` turns the digests in entry order into JSON and UTF-8 text kept
 * apart (decoding text is most of what reading a file of labels costs), `decode` checks both and gives
 * the digests back.
 */
export interface IndexFileOptions<S> {
  readonly key: string;
  readonly encode: (summaries: readonly S[]) => { readonly json: unknown; readonly text: Buffer };
  /** The digests back from their JSON and text; undefined when they do not check. */
  readonly decode: (json: unknown, text: Buffer) => S[] | undefined;
}

/** An entry read from the index file: its basis is read from its line when first asked for. */
class StoredEntry<S> implements IndexEntry<S> {
  private cachedBasis: Basis | undefined;

  constructor(
    readonly itemId: string,
    readonly offset: number,
    readonly length: number,
    readonly line: number,
    readonly time: string,
    readonly verdict: boolean | null,
    readonly error: ResultLine['error'],
    readonly summary: S,
    private readonly readBasis: (entry: IndexEntry<S>) => Basis,
  ) {}

  get basis(): Basis {
    this.cachedBasis ??= this.readBasis(this);
    return this.cachedBasis;
  }
}

export interface StoredIndex<S> {
  readonly coverage: Coverage;
  readonly entries: readonly IndexEntry<S>[];
}

function fingerprint(fd: number, start: number, end: number): string {
  const bytes = Buffer.allocUnsafe(Math.max(0, end - start));
  let read = 0;
  while (read < bytes.length) {
    const got = readSync(fd, bytes, read, bytes.length - read, start + read);
    if (got === 0) break;
    read += got;
  }
  return createHash('sha256').update(bytes.subarray(0, read)).digest('hex');
}

/** The hashes of the first and last 64 KiB before `end` of the open results file. */
export function fingerprintsOf(fd: number, end: number): { head: string; tail: string } {
  return { head: fingerprint(fd, 0, Math.min(end, FINGERPRINT_BYTES)), tail: fingerprint(fd, Math.max(0, end - FINGERPRINT_BYTES), end) };
}

/**
 * The stored index when it is one of these digests and still describes the start of results.jsonl (open as
 * `fd`); undefined when absent, unreadable, of another key or version, or stale. Never throws: the caller
 * then reads results.jsonl itself.
 */
export function loadIndexFile<S>(indexPath: string, fd: number, options: IndexFileOptions<S>, readBasis: (entry: IndexEntry<S>) => Basis): StoredIndex<S> | undefined {
  if (!existsSync(indexPath)) return undefined;
  let json: unknown;
  let text: Buffer;
  try {
    const bytes = readFileSync(indexPath);
    const newline = bytes.indexOf(0x0a);
    if (newline === -1) return undefined;
    const head = bytes.subarray(0, newline);
    // Written as ASCII (asciiJson): a one-byte string, decoded and parsed about twice as fast as UTF-8 text.
    json = JSON.parse(head.toString(isAscii(head) ? 'latin1' : 'utf8'));
    text = bytes.subarray(newline + 1);
  } catch {
    return undefined;
  }
  const parsed = z.object({ format: z.literal(FORMAT), version: z.literal(VERSION), key: z.literal(options.key), results: CoverageSchema, items: ColumnsSchema }).safeParse(json);
  if (!parsed.success) return undefined;
  const { results: coverage, items: c } = parsed.data;
  const summaries = options.decode(c.summaries, text);
  if (summaries === undefined) return undefined;
  const count = c.itemId.length;
  if ([c.offset, c.length, c.line, c.time, c.verdict, c.error, summaries].some((column) => column.length !== count)) return undefined;
  const stat = fstatSync(fd);
  if (stat.size < coverage.end) return undefined;
  if (stat.size === coverage.size && stat.mtimeMs !== coverage.mtimeMs) return undefined;
  const { head, tail } = fingerprintsOf(fd, coverage.end);
  if (head !== coverage.head || tail !== coverage.tail) return undefined;
  const entries: IndexEntry<S>[] = [];
  for (let i = 0; i < count; i++) {
    entries.push(new StoredEntry(c.itemId[i] as string, c.offset[i] as number, c.length[i] as number, c.line[i] as number, c.time[i] as string, c.verdict[i] ?? null, c.error[i] ?? null, summaries[i] as S, readBasis));
  }
  return { coverage, entries };
}

/** JSON text with every character past ASCII written as a \u escape (the same value once parsed). */
export function asciiJson(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Writes the index beside results.jsonl (atomically: written beside, then renamed). Returns false when it could not. */
export function writeIndexFile<S>(indexPath: string, options: IndexFileOptions<S>, stored: StoredIndex<S>): boolean {
  const c = { itemId: [] as string[], offset: [] as number[], length: [] as number[], line: [] as number[], time: [] as string[], verdict: [] as (boolean | null)[], error: [] as ResultLine['error'][] };
  const summaries: S[] = [];
  for (const e of stored.entries) {
    c.itemId.push(e.itemId);
    c.offset.push(e.offset);
    c.length.push(e.length);
    c.line.push(e.line);
    c.time.push(e.time);
    c.verdict.push(e.verdict);
    c.error.push(e.error);
    summaries.push(e.summary);
  }
  const temporary = `${indexPath}.${process.pid}.tmp`;
  try {
    const { json, text } = options.encode(summaries);
    const head = asciiJson(JSON.stringify({ format: FORMAT, version: VERSION, key: options.key, results: stored.coverage, items: { ...c, summaries: json } }));
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${head}\n`), text]));
    renameSync(temporary, indexPath);
    return true;
  } catch {
    rmSync(temporary, { force: true });
    return false;
  }
}

/** Removes the index file (found not to match results.jsonl), so that the next open rebuilds it. */
export function removeIndexFile(indexPath: string): void {
  try {
    rmSync(indexPath, { force: true });
  } catch {
    // A read-only folder: the file is checked on every open anyway.
  }
}

