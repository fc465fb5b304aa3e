import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { UserError } from './errors';
import { MAX_MEMBER_BYTES, READ_METHODS, damaged, decodeMember } from './zipMemberData';

/** A member of a zip archive, found in its central directory, read from the file and decoded only when read. */
export interface ZipMember {
  readonly name: string;
  /** The compression method (0 stored, 8 deflate, 93 zstd). */
  readonly method: number;
  /** Its uncompressed size, as the central directory declares it. */
  readonly size: number;
  read(): Uint8Array;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX_COMMENT = 0xffff;

/** Reads `length` bytes at `position` of the open file, or refuses a file that ends before them. */
function readAt(fd: number, position: number, length: number, file: string, what: string): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const got = readSync(fd, buffer, done, Math.min(length - done, 0x40000000), position + done);
    if (got === 0) throw damaged(file, what);
    done += got;
  }
  return buffer;
}

/** Where the central directory starts, its size and entry count, from the end record (zip64 too). */
function directoryOf(fd: number, fileSize: number, file: string): { at: number; size: number; count: number } {
  const tailLength = Math.min(fileSize, 22 + MAX_COMMENT + 20);
  const tailStart = fileSize - tailLength;
  const tail = readAt(fd, tailStart, tailLength, file, 'no end of central directory');
  let end = tail.length - 22;
  while (end >= 0 && tail.readUInt32LE(end) !== EOCD) end -= 1;
  if (end < 0) throw damaged(file, 'no end of central directory');
  let count = tail.readUInt16LE(end + 10);
  let size = tail.readUInt32LE(end + 12);
  let at = tail.readUInt32LE(end + 16);
  const locator = end - 20;
  if ((count === 0xffff || at === 0xffffffff || size === 0xffffffff) && locator >= 0 && tail.readUInt32LE(locator) === EOCD64_LOCATOR) {
    const record = Number(tail.readBigUInt64LE(locator + 8));
    if (record + 56 > fileSize) throw damaged(file, 'a broken zip64 end record');
    const zip64 = readAt(fd, record, 56, file, 'a broken zip64 end record');
    if (zip64.readUInt32LE(0) !== EOCD64) throw damaged(file, 'a broken zip64 end record');
    count = Number(zip64.readBigUInt64LE(32));
    size = Number(zip64.readBigUInt64LE(40));
    at = Number(zip64.readBigUInt64LE(48));
  }
  if (at + size > fileSize) throw damaged(file, 'the central directory lies past the end of the file');
  return { at, size, count };
}

/** A central entry's sizes and local header offset, with the zip64 extra field's values where they are maxed out. */
function zip64Values(
  entry: Buffer,
  extraAt: number,
  extraLength: number,
  values: { compressed: number; size: number; local: number },
): void {
  for (let at = extraAt; at + 4 <= extraAt + extraLength;) {
    const id = entry.readUInt16LE(at);
    const length = entry.readUInt16LE(at + 2);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number => {
        const value = Number(entry.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (values.size === 0xffffffff) values.size = next();
      if (values.compressed === 0xffffffff) values.compressed = next();
      if (values.local === 0xffffffff) values.local = next();
      return;
    }
    at += 4 + length;
  }
}

function memberReader(
  fd: number,
  file: string,
  name: string,
  entry: { method: number; crc: number; compressed: number; size: number; local: number },
  fileSize: number,
): () => Uint8Array {
  return () => {
    if (!READ_METHODS.includes(entry.method))
      throw new UserError(
        `${file}: ${name} is compressed with method ${entry.method}, which this tool does not read (Inspect writes deflate or zstd)`,
      );
    if (entry.size > MAX_MEMBER_BYTES) {
      const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);
      throw new UserError(
        `${file}: ${name} is ${mb(entry.size)} MiB uncompressed, more than one JSON text can be here (${mb(MAX_MEMBER_BYTES)} MiB): not read`,
      );
    }
    const header = readAt(fd, entry.local, 30, file, `${name}: no local header`);
    if (header.readUInt32LE(0) !== LOCAL) throw damaged(file, `${name}: no local header`);
    const dataAt = entry.local + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (dataAt + entry.compressed > fileSize) throw damaged(file, `${name}: its data is cut short`);
    return decodeMember(readAt(fd, dataAt, entry.compressed, file, `${name}: its data is cut short`), { name, ...entry }, file);
  };
}

/** An open zip archive: its members in the central directory's order, read one at a time from the file. */
export interface ZipFile {
  readonly members: readonly ZipMember[];
  close(): void;
}

/**
 * Opens a zip archive and reads its central directory, never the whole file: each member is read from
 * the file when asked for, so memory follows the largest member, not the archive. A name written twice
 * keeps its place and its last data, as Python's zipfile resolves it. A file that is not a zip, or is cut
 * short, is one UserError naming it.
 */
export function openZip(file: string): ZipFile {
  const fd = openSync(file, 'r');
  try {
    const fileSize = fstatSync(fd).size;
    const magic = fileSize >= 22 ? readAt(fd, 0, 2, file, 'empty') : Buffer.alloc(0);
    if (magic[0] !== 0x50 || magic[1] !== 0x4b)
      throw new UserError(`${file}: not a zip archive (an .eval log is one); is it the right file, or was it cut short?`);
    const { at: start, size, count } = directoryOf(fd, fileSize, file);
    const directory = readAt(fd, start, size, file, 'the central directory is cut short');
    const members = new Map<string, ZipMember>();
    let at = 0;
    for (let i = 0; i < count; i += 1) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL)
        throw damaged(file, `central directory entry ${i + 1} of ${count} is missing`);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const values = {
        compressed: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        local: directory.readUInt32LE(at + 42),
      };
      zip64Values(directory, at + 46 + nameLength, extraLength, values);
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      const entry = { method: directory.readUInt16LE(at + 10), crc: directory.readUInt32LE(at + 16), ...values };
      at += 46 + nameLength + extraLength + commentLength;
      if (entry.local + 30 > fileSize) throw damaged(file, `${name}: no local header`);
      members.set(name, { name, method: entry.method, size: entry.size, read: memberReader(fd, file, name, entry, fileSize) });
    }
    return { members: [...members.values()], close: () => closeSync(fd) };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Runs `use` on the members of an open archive and closes it, whatever happens. */
export function withZip<T>(file: string, use: (members: readonly ZipMember[]) => T): T {
  const zip = openZip(file);
  try {
    return use(zip.members);
  } finally {
    zip.close();
  }
}
