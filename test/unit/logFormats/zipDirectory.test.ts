import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { crc32, deflateRawSync } from 'node:zlib';
import { type ZipMember, withZip } from '../../../src/core/util/zipDirectory';
import { UserError } from '../../../src/core/util/errors';
import { scratchDir } from '../../helpers/scratch';

const PYTHON_ZIP = join(__dirname, '..', '..', 'fixtures', 'zip', 'zip64.zip');
const text = (data: Uint8Array): string => Buffer.from(data).toString('utf8');

/** The archive written to a scratch file named `name`, its members read with `use` (the reader reads from a file). */
function zipMembers<T>(bytes: Uint8Array, name: string, use: (members: readonly ZipMember[]) => T = (m) => m.map((x) => x.name) as T): T {
  const file = join(scratchDir('zip'), name);
  writeFileSync(file, bytes);
  return withZip(file, use);
}

test("a zip Python's zipfile wrote: members in order, a name written twice in its first place with its last data", () => {
  const read = withZip(PYTHON_ZIP, (members) => members.map((m) => [m.name, text(m.read())]));
  assert.deepEqual(read, [
    ['header.json', '{"version": 2, "second": true}'],
    ['samples/1_epoch_1.json', `{"id": 1, "text": "${'kappa '.repeat(200)}"}`],
  ]);
});

/** An archive laid out by hand the way a zip64 writer lays it out: sizes, offsets and the count in zip64 fields. */
function zip64Archive(files: { name: string; data: string }[], method = 8): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const raw = Buffer.from(file.data);
    const packed = method === 0 ? raw : deflateRawSync(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(0xffffffff, 18);
    local.writeUInt32LE(0xffffffff, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, packed);
    const extra = Buffer.alloc(28);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(raw.length), 4);
    extra.writeBigUInt64LE(BigInt(packed.length), 12);
    extra.writeBigUInt64LE(BigInt(offset), 20);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc32(raw), 16);
    entry.writeUInt32LE(0xffffffff, 20);
    entry.writeUInt32LE(0xffffffff, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt16LE(extra.length, 30);
    entry.writeUInt32LE(0xffffffff, 42);
    central.push(entry, name, extra);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end64 = Buffer.alloc(56);
  end64.writeUInt32LE(0x06064b50, 0);
  end64.writeBigUInt64LE(44n, 4);
  end64.writeBigUInt64LE(BigInt(files.length), 24);
  end64.writeBigUInt64LE(BigInt(files.length), 32);
  end64.writeBigUInt64LE(BigInt(directory.length), 40);
  end64.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([...parts, directory, end64, locator, end]);
}

test('zip64: the count, sizes and offsets read from the zip64 end record and extra fields', () => {
  const files = [
    { name: 'header.json', data: '{"version":2}' },
    { name: 'samples/7_epoch_1.json', data: JSON.stringify({ id: 7, input: '河童 '.repeat(100) }) },
  ];
  const read = zipMembers(zip64Archive(files), 'big.eval', (members) => members.map((m) => [m.name, text(m.read())]));
  assert.deepEqual(
    read,
    files.map((f) => [f.name, f.data]),
  );
});

test('a cut archive or one that is not a zip is one UserError naming the file', () => {
  const whole = readFileSync(PYTHON_ZIP);
  assert.throws(
    () => zipMembers(whole.subarray(0, whole.length - 30), 'cut.eval'),
    (e: unknown) => e instanceof UserError && /\/cut\.eval: the zip archive is damaged or cut short/.test(e.message),
  );
  assert.throws(
    () => zipMembers(Buffer.from('{"version": 2}'.padEnd(40)), 'log.eval'),
    (e: unknown) => e instanceof UserError && /\/log\.eval: not a zip archive/.test(e.message),
  );
  const corrupt = Buffer.from(whole);
  corrupt.fill(0xff, 120, 180);
  const readSample = (members: readonly ZipMember[]): unknown => members.find((m) => m.name.startsWith('samples/'))?.read();
  assert.throws(
    () => zipMembers(corrupt, 'bad.eval', readSample),
    (e: unknown) => e instanceof UserError && /\/bad\.eval: the zip archive is damaged/.test(e.message),
  );
});

test('a stored member whose bytes changed fails its CRC-32 check, naming the member', () => {
  const stored = zip64Archive([{ name: 'header.json', data: '{"version":2}' }], 0);
  const changed = Buffer.from(stored);
  changed[30 + 'header.json'.length + 2] = 'W'.charCodeAt(0);
  assert.equal(
    zipMembers(stored, 'ok.eval', (members) => text(members[0]?.read() ?? new Uint8Array())),
    '{"version":2}',
  );
  assert.throws(
    () => zipMembers(changed, 'crc.eval', (members) => members[0]?.read()),
    (e: unknown) => e instanceof UserError && /\/crc\.eval: header\.json fails its CRC-32 check/.test(e.message),
  );
});
