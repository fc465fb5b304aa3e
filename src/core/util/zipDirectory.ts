import { inflateSync } from 'fflate';
import { UserError, errorMessage } from './errors';

/** A member of a zip archive, found in its central directory and inflated only when read. */
export interface ZipMember {
  readonly name: string;
  read(): Uint8Array;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;

function damaged(file: string, what: string): UserError {
  return new UserError(`${file}: the zip archive is damaged or cut short (${what}); copy the log again from where it was written`);
}

/** The end-of-central-directory record: where the directory starts and how many entries it has (zip64 too). */
function directoryOf(view: DataView, file: string): { at: number; count: number } {
  let end = view.byteLength - 22;
  const lowest = Math.max(0, end - 0xffff);
  while (end >= lowest && view.getUint32(end, true) !== EOCD) end -= 1;
  if (end < lowest) throw damaged(file, 'no end of central directory');
  let count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const locator = end - 20;
  if ((count === 0xffff || at === 0xffffffff) && locator >= 0 && view.getUint32(locator, true) === EOCD64_LOCATOR) {
    const record = Number(view.getBigUint64(locator + 8, true));
    if (record + 56 > view.byteLength || view.getUint32(record, true) !== EOCD64) throw damaged(file, 'a broken zip64 end record');
    count = Number(view.getBigUint64(record + 32, true));
    at = Number(view.getBigUint64(record + 48, true));
  }
  return { at, count };
}

/** A central entry's sizes and local header offset, with the zip64 extra field's values where they are maxed out. */
function zip64Values(view: DataView, extraAt: number, extraLength: number, values: { compressed: number; size: number; local: number }): void {
  for (let at = extraAt; at + 4 <= extraAt + extraLength; ) {
    const id = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = (): number => {
        const value = Number(view.getBigUint64(field, true));
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

/**
 * The members of a zip archive in the central directory's order (a name written twice keeps its place and
 * its last data, as Python's zipfile resolves it), each inflated when read, so that a reader can drop one
 * member's bytes before it inflates the next. A file that is not a zip, or is cut short, is one UserError.
 */
export function zipMembers(bytes: Uint8Array, file: string): ZipMember[] {
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new UserError(`${file}: not a zip archive (an .eval log is one); is it the right file, or was it cut short?`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { at: start, count } = directoryOf(view, file);
  const members = new Map<string, ZipMember>();
  const decoder = new TextDecoder();
  let at = start;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) throw damaged(file, `central directory entry ${i + 1} of ${count} is missing`);
    const method = view.getUint16(at + 10, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const values = { compressed: view.getUint32(at + 20, true), size: view.getUint32(at + 24, true), local: view.getUint32(at + 42, true) };
    zip64Values(view, at + 46 + nameLength, extraLength, values);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (values.local + 30 > bytes.length || view.getUint32(values.local, true) !== LOCAL) throw damaged(file, `${name}: no local header`);
    const dataAt = values.local + 30 + view.getUint16(values.local + 26, true) + view.getUint16(values.local + 28, true);
    if (dataAt + values.compressed > bytes.length) throw damaged(file, `${name}: its data is cut short`);
    if (method !== STORED && method !== DEFLATED) throw new UserError(`${file}: ${name} is compressed with method ${method}, which this tool does not read (Inspect writes deflate)`);
    const data = bytes.subarray(dataAt, dataAt + values.compressed);
    const size = values.size;
    members.set(name, {
      name,
      read: () => {
        if (method === STORED) return data;
        try {
          return inflateSync(data, { out: new Uint8Array(size) });
        } catch (error) {
          throw damaged(file, `${name}: ${errorMessage(error)}`);
        }
      },
    });
  }
  return [...members.values()];
}
