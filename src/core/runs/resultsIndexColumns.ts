import { isAscii } from 'node:buffer';
import { endianness } from 'node:os';
import * as z from 'zod';

/**
 * The binary part of results.index: named sections, each a little-endian typed column (offsets, verdicts,
 * digests…) or the UTF-8 text of a string column (the strings' end offsets being a section of their own),
 * each starting 8-byte aligned so that a typed array reads it in place. Reading a hundred thousand numbers
 * this way takes no parse and no per-element check.
 */
export const SectionTableSchema = z.record(
  z.string(),
  z.object({ at: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
);
export type SectionTable = z.output<typeof SectionTableSchema>;

/** The body's size, and how much of it (its start) is read with the file; the rest is read when first asked for. */
export const BodySizeSchema = z.object({ eager: z.number().int().nonnegative(), total: z.number().int().nonnegative() });
export type BodySize = z.output<typeof BodySizeSchema>;

/** Typed arrays are read in the machine's byte order: the sections are written and read on little-endian machines only. */
export const SECTIONS_READABLE = endianness() === 'LE';

const ALIGN = 8;

export class SectionWriter {
  private readonly parts: { readonly name: string; readonly bytes: Uint8Array; readonly lazy: boolean }[] = [];

  float64(name: string, values: readonly number[]): void {
    this.add(name, Float64Array.from(values));
  }

  uint32(name: string, values: readonly number[]): void {
    this.add(name, Uint32Array.from(values));
  }

  int8(name: string, values: readonly number[]): void {
    this.add(name, Int8Array.from(values));
  }

  bytes(name: string, bytes: Uint8Array): void {
    this.add(name, bytes);
  }

  /**
   * A string column: `name.ends` (each string's end offset in the text) and `name` (the UTF-8 text). A lazy
   * column's text goes after every eager section, and is read only when a string is first asked for.
   */
  strings(name: string, values: readonly string[], options: { readonly lazy?: boolean } = {}): void {
    const encoded = values.map((value) => Buffer.from(value, 'utf8'));
    let end = 0;
    this.uint32(
      `${name}.ends`,
      encoded.map((bytes) => (end += bytes.length)),
    );
    this.add(name, Buffer.concat(encoded), options.lazy ?? false);
  }

  private add(name: string, view: ArrayBufferView, lazy = false): void {
    this.parts.push({ name, bytes: new Uint8Array(view.buffer, view.byteOffset, view.byteLength), lazy });
  }

  /** The sections laid out one after the other (padded to the alignment), the eager ones first, and where each is. */
  layout(): { table: SectionTable; body: Buffer; size: BodySize } {
    const table: SectionTable = {};
    let at = 0;
    let eager = 0;
    const ordered = [...this.parts.filter((p) => !p.lazy), ...this.parts.filter((p) => p.lazy)];
    for (const part of ordered) {
      if (!part.lazy) eager = at + part.bytes.length;
      table[part.name] = { at, bytes: part.bytes.length };
      at += Math.ceil(part.bytes.length / ALIGN) * ALIGN;
    }
    const body = Buffer.alloc(at);
    for (const part of ordered) body.set(part.bytes, table[part.name]?.at ?? 0);
    return { table, body, size: { eager: Math.ceil(eager / ALIGN) * ALIGN, total: at } };
  }
}

/** Where a string column's text is: in memory, or on disk until first needed. */
export interface TextSource {
  text(start: number, end: number): string;
  /** The whole text decoded, when it is ASCII (byte offsets are then string offsets); else undefined. */
  ascii?(): string | undefined;
}

/** Reads the lazy part of an open index file's body; the file stays open until every lazy section is read. */
export interface LazyBody {
  read(at: number, bytes: number): Buffer;
  /** A lazy section was read whole: when all are, the file is closed. */
  done(): void;
}

/** A few strings of a lazy column are read alone (a screen of labels); past that, its whole text at once. */
const SINGLE_READS = 256;

class LazyText implements TextSource {
  private whole: Buffer | undefined;
  private singles = 0;

  constructor(
    private readonly body: LazyBody,
    private readonly at: number,
    private readonly bytes: number,
  ) {}

  text(start: number, end: number): string {
    if (this.whole === undefined && this.singles < SINGLE_READS) {
      this.singles += 1;
      return this.body.read(this.at + start, end - start).toString('utf8');
    }
    if (this.whole === undefined) {
      this.whole = this.body.read(this.at, this.bytes);
      this.body.done();
    }
    return this.whole.toString('utf8', start, end);
  }
}

/** A string column read back: each string decoded when first asked for. */
export class StringColumn {
  constructor(
    private readonly source: TextSource,
    private readonly ends: Uint32Array,
  ) {}

  get length(): number {
    return this.ends.length;
  }

  get(index: number): string {
    return this.source.text(index === 0 ? 0 : (this.ends[index - 1] ?? 0), this.ends[index] ?? 0);
  }

  /** Every string (a column read whole: the item ids); an ASCII text is decoded once and cut, not decoded string by string. */
  all(): string[] {
    const values: string[] = [];
    const ascii = this.source.ascii?.();
    let start = 0;
    for (let i = 0; i < this.ends.length; i++) {
      const end = this.ends[i] ?? 0;
      values.push(ascii === undefined ? this.source.text(start, end) : ascii.slice(start, end));
      start = end;
    }
    return values;
  }
}

/**
 * The sections of a body read from disk: `body` holds its eager part (and must start 8-byte aligned, as
 * Buffer.alloc's do); the lazy string columns' texts are read through `lazy`. Each getter checks the
 * section's size against the count it is asked for, and gives undefined when it does not match or is
 * absent: the caller then treats the file as unusable.
 */
export class SectionReader {
  private lazySections = 0;

  constructor(
    private readonly table: SectionTable,
    private readonly body: Buffer,
    private readonly size: BodySize,
    private readonly lazy: LazyBody,
  ) {}

  /** Lazy string columns handed out (the file is closed once each has been read whole). */
  get lazyColumns(): number {
    return this.lazySections;
  }

  private section(name: string, bytes: number): { offset: number } | undefined {
    const entry = this.table[name];
    if (entry === undefined || entry.bytes !== bytes || entry.at % ALIGN !== 0 || entry.at + entry.bytes > this.body.length)
      return undefined;
    return { offset: this.body.byteOffset + entry.at };
  }

  float64(name: string, count: number): Float64Array | undefined {
    const found = this.section(name, count * 8);
    return found === undefined ? undefined : new Float64Array(this.body.buffer, found.offset, count);
  }

  uint32(name: string, count: number): Uint32Array | undefined {
    const found = this.section(name, count * 4);
    return found === undefined ? undefined : new Uint32Array(this.body.buffer, found.offset, count);
  }

  int8(name: string, count: number): Int8Array | undefined {
    const found = this.section(name, count);
    return found === undefined ? undefined : new Int8Array(this.body.buffer, found.offset, count);
  }

  bytes(name: string, size: number): Buffer | undefined {
    const found = this.section(name, size);
    return found === undefined ? undefined : Buffer.from(this.body.buffer, found.offset, size);
  }

  /** A string column of `count` strings: its ends must rise and stay within its text. */
  strings(name: string, count: number): StringColumn | undefined {
    const ends = this.uint32(`${name}.ends`, count);
    const entry = this.table[name];
    if (ends === undefined || entry === undefined) return undefined;
    let previous = 0;
    for (let i = 0; i < ends.length; i++) {
      const end = ends[i] ?? 0;
      if (end < previous) return undefined;
      previous = end;
    }
    if (previous > entry.bytes) return undefined;
    if (entry.at >= this.size.eager) {
      if (entry.at % ALIGN !== 0 || entry.at + entry.bytes > this.size.total) return undefined;
      this.lazySections += 1;
      return new StringColumn(new LazyText(this.lazy, entry.at, entry.bytes), ends);
    }
    const text = this.bytes(name, entry.bytes);
    return text === undefined
      ? undefined
      : new StringColumn(
          { text: (start, end) => text.toString('utf8', start, end), ascii: () => (isAscii(text) ? text.toString('latin1') : undefined) },
          ends,
        );
  }
}
