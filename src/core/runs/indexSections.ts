import { endianness } from 'node:os';
import * as z from 'zod';

/**
 * The binary part of results.index: named sections, each a little-endian typed column (offsets, verdicts,
 * digests…) or the UTF-8 text of a string column (the strings' end offsets being a section of their own),
 * each starting 8-byte aligned so that a typed array reads it in place. Reading a hundred thousand numbers
 * this way takes no parse and no per-element check.
 */
export const SectionTableSchema = z.record(z.string(), z.object({ at: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }));
export type SectionTable = z.output<typeof SectionTableSchema>;

/** Typed arrays are read in the machine's byte order: the sections are written and read on little-endian machines only. */
export const SECTIONS_READABLE = endianness() === 'LE';

const ALIGN = 8;

export class SectionWriter {
  private readonly parts: { readonly name: string; readonly bytes: Uint8Array }[] = [];

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

  /** A string column: `name.ends` (each string's end offset in the text) and `name` (the UTF-8 text). */
  strings(name: string, values: readonly string[]): void {
    const encoded = values.map((value) => Buffer.from(value, 'utf8'));
    let end = 0;
    this.uint32(`${name}.ends`, encoded.map((bytes) => (end += bytes.length)));
    this.add(name, Buffer.concat(encoded));
  }

  private add(name: string, view: ArrayBufferView): void {
    this.parts.push({ name, bytes: new Uint8Array(view.buffer, view.byteOffset, view.byteLength) });
  }

  /** The sections laid out one after the other (padded to the alignment), and where each is. */
  layout(): { table: SectionTable; body: Buffer } {
    const table: SectionTable = {};
    let at = 0;
    for (const part of this.parts) {
      table[part.name] = { at, bytes: part.bytes.length };
      at += Math.ceil(part.bytes.length / ALIGN) * ALIGN;
    }
    const body = Buffer.alloc(at);
    for (const part of this.parts) body.set(part.bytes, table[part.name]?.at ?? 0);
    return { table, body };
  }
}

/** A string column read back: each string decoded when first asked for. */
export class StringColumn {
  constructor(
    private readonly text: Buffer,
    private readonly ends: Uint32Array,
  ) {}

  get length(): number {
    return this.ends.length;
  }

  get(index: number): string {
    return this.text.toString('utf8', index === 0 ? 0 : (this.ends[index - 1] ?? 0), this.ends[index] ?? 0);
  }

  /** Every string (a column read whole: the item ids). */
  all(): string[] {
    const values: string[] = [];
    for (let i = 0; i < this.ends.length; i++) values.push(this.get(i));
    return values;
  }
}

/**
 * The sections of a body read from disk (`body` must start 8-byte aligned, as Buffer.alloc's do). Each
 * getter checks the section's size against the count it is asked for, and gives undefined when it does
 * not match or is absent: the caller then treats the file as unusable.
 */
export class SectionReader {
  constructor(
    private readonly table: SectionTable,
    private readonly body: Buffer,
  ) {}

  private section(name: string, bytes: number): { offset: number } | undefined {
    const entry = this.table[name];
    if (entry === undefined || entry.bytes !== bytes || entry.at % ALIGN !== 0 || entry.at + entry.bytes > this.body.length) return undefined;
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
    const size = this.table[name]?.bytes;
    if (ends === undefined || size === undefined) return undefined;
    const text = this.bytes(name, size);
    if (text === undefined) return undefined;
    let previous = 0;
    for (const end of ends) {
      if (end < previous) return undefined;
      previous = end;
    }
    return previous > size ? undefined : new StringColumn(text, ends);
  }
}
