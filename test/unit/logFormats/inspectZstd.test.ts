import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { summarizeRun } from '../../../src/core/reports/summarizeRun';
import { type ForeignRunSummary } from '../../../src/core/logFormats/foreignSummary';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { type Json, ZSTD_TWINS, ZSTD_WRONG_CRC, evalMember, reportedAccuracy } from '../../helpers/inspectFixtures';
import { readZipEntries } from '../../helpers/zipReader';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

async function importLog(file: string): Promise<string> {
  const result = await runCli(['import', 'inspect', file, '--out', scratchDir('inspect-zstd')]);
  assert.equal(result.code, 0, result.stderr);
  return result.lastLine;
}

/** The zip's raw (compressed) bytes of a member, found by the tests' own reading of the central directory. */
function rawMember(file: string, name: string): Buffer {
  const bytes = readFileSync(file);
  let end = bytes.length - 22;
  while (bytes.readUInt32LE(end) !== 0x06054b50) end -= 1;
  let at = bytes.readUInt32LE(end + 16);
  for (;;) {
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    if (bytes.subarray(at + 46, at + 46 + nameLength).toString() === name) {
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      return bytes.subarray(start, start + bytes.readUInt32LE(at + 20));
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
}

const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
const framesIn = (raw: Buffer): number => raw.toString('latin1').split(ZSTD_MAGIC.toString('latin1')).length - 1;

test('the fixtures are what they claim: zstd members (method 93), a sample of several frames, condensed events', () => {
  const { zstd } = ZSTD_TWINS[0] ?? { zstd: '' };
  const bytes = readFileSync(zstd);
  assert.equal(bytes.readUInt16LE(8), 93, 'the first member is zstd');
  assert.ok(framesIn(rawMember(zstd, 'samples/1_epoch_1.json')) >= 2, 'a member of several frames');
  assert.equal(framesIn(rawMember(zstd, 'reductions.json')), 1);
  const sample = evalMember(zstd, 'samples/1_epoch_1.json') as { events: Json[]; events_data: { messages: unknown[]; calls: unknown[] } };
  assert.ok(sample.events_data.messages.length > 0);
  assert.deepEqual(sample.events.find((e) => e['event'] === 'model')?.['input'], []);
});

for (const { zstd, original } of ZSTD_TWINS) {
  test(`${basename(zstd)} imports exactly as its deflate original: the log's own accuracy, the same items, turns, output and scores`, async () => {
    const dir = await importLog(zstd);
    const summary = summarizeRun(dir) as ForeignRunSummary;
    const accuracy = reportedAccuracy(original);
    assert.equal(summary.automatic.accuracy, accuracy);
    assert.equal(summary.log?.reproduced, accuracy);
    const state = loadRunState(dir, RUN_REGISTRY);
    const members = readZipEntries(readFileSync(original));
    const samples = [...members]
      .filter(([name]) => name.startsWith('samples/'))
      .map(([, data]) => JSON.parse(data.toString('utf8')) as Json);
    assert.equal(state.manifest.dataset.itemIds.length, samples.length);
    for (const sample of samples) {
      const line = state.current.get(`${String(sample['id'])}#${String(sample['epoch'])}`);
      assert.ok(line, `item ${String(sample['id'])}`);
      const inputs = line.inputs as { conversation: { role: string; text: string }[]; scores: { name: string; value: unknown }[] };
      const output = sample['output'] as { completion?: string };
      const messages = sample['messages'] as { role: string; content: string | { type: string; text?: string }[] }[];
      const textOf = (m: (typeof messages)[number] | undefined): string =>
        typeof m?.content === 'string' ? m.content : (m?.content.map((p) => p.text ?? '').join('\n') ?? '');
      const lastAssistant = [...messages].reverse().find((m) => m.role === 'assistant');
      assert.equal(line.response, output.completion !== undefined && output.completion !== '' ? output.completion : textOf(lastAssistant));
      const scores = sample['scores'] as Record<string, { value: unknown }>;
      assert.deepEqual(
        inputs.scores.map((s) => [s.name, s.value]),
        Object.entries(scores).map(([name, s]) => [name, s.value]),
      );
      const userText = textOf(messages.find((m) => m.role === 'user'));
      assert.ok(userText.length > 0);
      assert.equal(inputs.conversation.find((t) => t.role === 'user')?.text.slice(0, 40), userText.slice(0, 40));
    }
    const twin = loadRunState(await importLog(original), RUN_REGISTRY);
    for (const [id, line] of twin.current)
      assert.equal(state.current.get(id)?.itemHash, line.itemHash, `${id}: the same item, so adjudications carry over`);
  });
}

test('a member with a wrong CRC-32 is refused in one line naming it, and nothing is written', async () => {
  const out = scratchDir('inspect-zstd-crc');
  const result = await runCli(['import', 'inspect', ZSTD_WRONG_CRC, '--out', out]);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /popularity-zstd-wrong-crc\.eval: samples\/3_epoch_1\.json fails its CRC-32 check/);
  assert.equal(result.stderr.trim().split('\n').length, 1);
  assert.equal(existsSync(join(out, 'inspect-popularity-zstd-wrong-crc')), false);
});

const PYTHON_READ = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None
    print(json.dumps({i.filename: [i.compress_type, json.loads(z.read(i))] for i in z.infolist()}))
`;

test('write-back of a zstd log: deflate members Python reads, the edited score, every events_data pool intact', async () => {
  const { zstd } = ZSTD_TWINS[0] ?? { zstd: '' };
  const dir = await importLog(zstd);
  const decided = await runCli(['adjudicate', dir, '--item', '3#1', '--verdict', 'true', '--annotator', 'Ann', '--role', 'adjudicator']);
  assert.equal(decided.code, 0, decided.stderr);
  const out = join(scratchDir('inspect-zstd-wb'), 'adjudicated.eval');
  const written = await runCli(['export', dir, '--format', 'inspect', '--out', out]);
  assert.equal(written.code, 0, written.stderr);
  const python = spawnSync('python3', ['-c', PYTHON_READ, out], { encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(python.status, 0, python.stderr);
  const members = JSON.parse(python.stdout) as Record<string, [number, Json]>;
  const source = readZipEntries(readFileSync(zstd));
  assert.deepEqual(Object.keys(members), [...source.keys()]);
  for (const [name, [method, value]] of Object.entries(members)) {
    assert.equal(method, 8, `${name} is deflated`);
    if (!name.startsWith('samples/')) continue;
    const before = JSON.parse(source.get(name)?.toString('utf8') ?? 'null') as Json;
    assert.deepEqual(value['events_data'], before['events_data'], `${name}: the pool is kept as it was`);
  }
  const three = members['samples/3_epoch_1.json']?.[1] as { scores: { match: { value: string } } };
  assert.equal(three.scores.match.value, 'C');
  const reimported = loadRunState(await importLog(out), RUN_REGISTRY);
  assert.equal(reimported.current.get('3#1')?.verdict, true);
});
