import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { POPULARITY, type Json } from './inspectFixtures';
import { readZipEntries } from './zipReader';

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

const MEMBERS = 20;
const PAD = 52 * 2 ** 20;

/** The popularity log's 10 samples in two epochs, each carrying 52 MiB of events: an .eval of 1.02 GiB, members stored. */
function* largeMembers(): Generator<{ name: string; data: Buffer[] }> {
  const source = readZipEntries(readFileSync(POPULARITY));
  const samples = [...source].filter(([name]) => name.startsWith('samples/')).map(([, data]) => JSON.parse(data.toString('utf8')) as Json);
  const header = JSON.parse(source.get('header.json')?.toString('utf8') ?? '{}') as { eval: { config: Json } };
  header.eval.config['epochs'] = 2;
  yield { name: 'header.json', data: [Buffer.from(JSON.stringify(header))] };
  const events = Buffer.alloc(PAD + 2, 0x78);
  events[0] = 0x22;
  events[events.length - 1] = 0x22;
  for (let i = 0; i < MEMBERS; i += 1) {
    const sample = samples[i % samples.length] ?? {};
    const epoch = 1 + Math.floor(i / samples.length);
    const text = JSON.stringify({ ...sample, epoch, events: ['PAD'] });
    const [before, after] = text.split('"PAD"');
    yield {
      name: `samples/${String(sample['id'])}_epoch_${epoch}.json`,
      data: [Buffer.from(before ?? ''), events, Buffer.from(after ?? '')],
    };
  }
}

/** Writes that log to `file` and returns its size in bytes. */
export function writeLargeInspectLog(file: string): number {
  return writeStoredZip(file, largeMembers());
}
