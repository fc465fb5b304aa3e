import { createHash } from 'node:crypto';
import { fstatSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import { IndexFileHandle } from './indexFileHandle';
import { BodySizeSchema, SECTIONS_READABLE, SectionReader, SectionTableSchema, SectionWriter } from './resultsIndexColumns';
import { BASIS_DIGEST_BYTES } from './decisionBasis';
import { ItemErrorSchema, type ResultLine } from './resultLine';

/**
 * results.index, the results index kept on disk beside results.jsonl: what opening a run needs of every
 * line (offsets, verdicts, errors, the caller's digest) without parsing the run. One line of JSON (the
 * coverage, the sparse columns, where each binary section is), padded so that the binary sections after it
 * start 8-byte aligned: typed columns read in place and UTF-8 string columns (labels: decoded only for the
 * rows drawn). Derived and disposable: it is used only while it matches the bytes of results.jsonl it was
 * built from (their size and modification time, and hashes of their first and last 64 KiB), and rebuilt
 * otherwise; deleting it costs one full read on the next open.
 */
export const RESULTS_INDEX_SUFFIX = '.index';
const FORMAT = 'eval-adjudicator results index';
const VERSION = 2;
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
  readonly verdict: boolean | null;
  readonly error: ResultLine['error'];
  /** The digest of the line's decision basis (decisionBasis.ts), what stale checks compare. */
  readonly basisDigest: string;
  /** The caller's digest of the line (a list row's label, facets, scores). */
  readonly summary: S;
}

const ErrorsSchema = z.record(z.string(), ItemErrorSchema);

/** The caller's digests as stored: each made from the file's columns when asked for. */
export interface StoredSummaries<S> {
  at(row: number): S;
}

/**
 * What the caller's digests are and how they are stored: a different key (another digest, another version
 * of it) makes the file stale; `encode` writes the digests in entry order as sections (and returns what
 * goes in the JSON line), `decode` checks them and gives them back.
 */
export interface IndexFileOptions<S> {
  readonly key: string;
  readonly encode: (summaries: readonly S[], sections: SectionWriter) => unknown;
  /** The `count` digests from their JSON and sections; undefined when they do not check. */
  readonly decode: (json: unknown, sections: SectionReader, count: number) => StoredSummaries<S> | undefined;
}

/** The columns of the file's entries, checked when the file was read. */
interface StoredColumns<S> {
  readonly offsets: Float64Array;
  readonly lengths: Uint32Array;
  readonly lines: Uint32Array;
  readonly verdicts: Int8Array;
  readonly errors: Readonly<Record<string, ResultLine['error']>>;
  readonly digests: Buffer;
  readonly summaries: StoredSummaries<S>;
}

/**
 * An entry of the index file: its id and row, every other field read from the columns when asked for (a
 * hundred thousand entries of three fields are made and collected far quicker than of ten).
 */
class StoredEntry<S> implements IndexEntry<S> {
  constructor(
    readonly itemId: string,
    private readonly row: number,
    private readonly columns: StoredColumns<S>,
  ) {}

  get offset(): number {
    return this.columns.offsets[this.row] ?? 0;
  }

  get length(): number {
    return this.columns.lengths[this.row] ?? 0;
  }

  get line(): number {
    return this.columns.lines[this.row] ?? 0;
  }

  get verdict(): boolean | null {
    return verdictOf(this.columns.verdicts[this.row] ?? -1) ?? null;
  }

  get error(): ResultLine['error'] {
    return this.columns.errors[this.row] ?? null;
  }

  get summary(): S {
    return this.columns.summaries.at(this.row);
  }

  get basisDigest(): string {
    return this.columns.digests.toString('hex', this.row * BASIS_DIGEST_BYTES, (this.row + 1) * BASIS_DIGEST_BYTES);
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

const HeadSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  key: z.string(),
  results: CoverageSchema,
  count: z.number().int().nonnegative(),
  errors: ErrorsSchema,
  summaries: z.unknown(),
  sections: SectionTableSchema,
  body: BodySizeSchema,
});

/** A verdict as the int8 column stores it: -1 null, 0 false, 1 true. */
function verdictCode(verdict: boolean | null): number {
  return verdict === null ? -1 : verdict ? 1 : 0;
}

function verdictOf(code: number): boolean | null | undefined {
  return code === -1 ? null : code === 0 ? false : code === 1 ? true : undefined;
}

/**
 * The stored index when it is one of these digests and still describes the start of results.jsonl (open as
 * `fd`); undefined when absent, unreadable, of another key or version, or stale. Never throws: the caller
 * then reads results.jsonl itself.
 */
export function loadIndexFile<S>(indexPath: string, fd: number, options: IndexFileOptions<S>): StoredIndex<S> | undefined {
  if (!SECTIONS_READABLE) return undefined;
  const file = IndexFileHandle.open(indexPath);
  if (file === undefined) return undefined;
  let lazySections = -1;
  try {
    const stored = readStored(file, fd, options);
    if (stored !== undefined) lazySections = stored.lazySections;
    return stored?.index;
  } catch {
    return undefined;
  } finally {
    if (lazySections === -1) file.close();
    else file.keepFor(lazySections);
  }
}

function readStored<S>(
  file: IndexFileHandle,
  fd: number,
  options: IndexFileOptions<S>,
): { index: StoredIndex<S>; lazySections: number } | undefined {
  const parsed = HeadSchema.safeParse(file.head);
  if (!parsed.success || parsed.data.key !== options.key) return undefined;
  const { results: coverage, count, errors, summaries: summariesJson, sections: table, body: size } = parsed.data;
  const eager = file.eager(size);
  if (eager === undefined) return undefined;
  const sections = new SectionReader(table, eager, size, file);
  const itemIds = sections.strings('itemId', count);
  const offsets = sections.float64('offset', count);
  const lengths = sections.uint32('length', count);
  const lines = sections.uint32('line', count);
  const verdicts = sections.int8('verdict', count);
  const digests = sections.bytes('basisDigest', count * BASIS_DIGEST_BYTES);
  if (
    itemIds === undefined ||
    offsets === undefined ||
    lengths === undefined ||
    lines === undefined ||
    verdicts === undefined ||
    digests === undefined
  )
    return undefined;
  const summaries = options.decode(summariesJson, sections, count);
  if (summaries === undefined) return undefined;
  const stat = fstatSync(fd);
  if (stat.size < coverage.end) return undefined;
  if (stat.size === coverage.size && stat.mtimeMs !== coverage.mtimeMs) return undefined;
  const { head, tail } = fingerprintsOf(fd, coverage.end);
  if (head !== coverage.head || tail !== coverage.tail) return undefined;
  for (let i = 0; i < count; i++) {
    const offset = offsets[i] ?? -1;
    if (!(offset >= 0) || offset + (lengths[i] ?? 0) > coverage.end || (lines[i] ?? 0) < 1 || verdictOf(verdicts[i] ?? 2) === undefined)
      return undefined;
  }
  const columns: StoredColumns<S> = { offsets, lengths, lines, verdicts, errors, digests, summaries };
  const ids = itemIds.all();
  const entries: IndexEntry<S>[] = [];
  for (let i = 0; i < count; i++) {
    const itemId = ids[i] ?? '';
    if (itemId === '') return undefined;
    entries.push(new StoredEntry(itemId, i, columns));
  }
  return { index: { coverage, entries }, lazySections: sections.lazyColumns };
}

/** JSON text with every character past ASCII written as a \u escape (the same value once parsed). */
export function asciiJson(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Writes the index beside results.jsonl (atomically: written beside, then renamed). Returns false when it could not. */
export function writeIndexFile<S>(indexPath: string, options: IndexFileOptions<S>, stored: StoredIndex<S>): boolean {
  if (!SECTIONS_READABLE) return false;
  const entries = stored.entries;
  const errors: Record<string, ResultLine['error']> = {};
  entries.forEach((e, i) => {
    if (e.error !== null) errors[i] = e.error;
  });
  const temporary = `${indexPath}.${process.pid}.tmp`;
  try {
    const sections = new SectionWriter();
    sections.strings(
      'itemId',
      entries.map((e) => e.itemId),
    );
    sections.float64(
      'offset',
      entries.map((e) => e.offset),
    );
    sections.uint32(
      'length',
      entries.map((e) => e.length),
    );
    sections.uint32(
      'line',
      entries.map((e) => e.line),
    );
    sections.int8(
      'verdict',
      entries.map((e) => verdictCode(e.verdict)),
    );
    sections.bytes('basisDigest', Buffer.from(entries.map((e) => e.basisDigest).join(''), 'hex'));
    const summaries = options.encode(
      entries.map((e) => e.summary),
      sections,
    );
    const { table, body, size } = sections.layout();
    const json = asciiJson(
      JSON.stringify({
        format: FORMAT,
        version: VERSION,
        key: options.key,
        results: stored.coverage,
        count: entries.length,
        errors,
        summaries,
        sections: table,
        body: size,
      }),
    );
    // Spaces before the newline, so that the body starts 8-byte aligned and is read in place.
    const head = json.padEnd(Math.ceil((json.length + 1) / 8) * 8 - 1, ' ');
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${head}\n`, 'latin1'), body]));
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
