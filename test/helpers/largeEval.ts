import { closeSync, openSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';

/**
 * Writes a zip of stored members, each given in pieces, a piece at a time (the file can be larger than memory): local headers,
 * data, central directory, end record, laid out as APPNOTE says for archives under 4 GiB.
 */
export function writeStoredZip(file: string, members: Iterable<{ name: string; data: readonly Buffer[] }>): number {
  const fd = openSync(file, 'w');
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  try {
    for (const { name, data: pieces } of members) {
      const nameBytes = Buffer.from(name);
      const crc = pieces.reduce((value, piece) => crc32(piece, value), 0);
      const data = { length: pieces.reduce((total, piece) => total + piece.length, 0) };
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      writeSync(fd, local);
      writeSync(fd, nameBytes);
      for (const piece of pieces) writeSync(fd, piece);
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(20, 4);
      entry.writeUInt16LE(20, 6);
      entry.writeUInt32LE(crc, 16);
      entry.writeUInt32LE(data.length, 20);
      entry.writeUInt32LE(data.length, 24);
      entry.writeUInt16LE(nameBytes.length, 28);
      entry.writeUInt32LE(offset, 42);
      central.push(entry, nameBytes);
      offset += 30 + nameBytes.length + data.length;
      count += 1;
    }
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    writeSync(fd, directory);
    writeSync(fd, end);
    return offset + directory.length + end.length;
  } finally {
    closeSync(fd);
  }
}
