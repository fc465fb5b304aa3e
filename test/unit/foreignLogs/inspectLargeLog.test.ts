import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { POPULARITY, type Json } from '../../helpers/inspectFixtures';
import { peakRssOf, startCli } from '../../helpers/childCli';
import { writeStoredZip } from '../../helpers/largeEval';
import { scratchDir } from '../../helpers/scratch';
import { readZipEntries } from '../../helpers/zipReader';

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
    yield { name: `samples/${String(sample['id'])}_epoch_${epoch}.json`, data: [Buffer.from(before ?? ''), events, Buffer.from(after ?? '')] };
  }
}

test('an .eval of more than 1 GB imports with a peak RSS well under its size: members are read one at a time from the file', async () => {
  // On a memory file system where there is one: the test is about the importer's memory, not the disk's speed.
  const scratch = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/ea-inspect-large-') : scratchDir('inspect-large');
  const file = join(scratch, 'large.eval');
  try {
    const size = writeStoredZip(file, largeMembers());
    assert.ok(size >= 1e9, `the log is ${size} bytes`);
    const started = performance.now();
    const result = await startCli(['import', 'inspect', file, '--out', join(scratch, 'runs')], { peakRss: true }).done;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /imported 20 items/);
    const peak = peakRssOf(result);
    // Reading the file whole would take more than its size; one member (52 MiB) read, decoded and parsed, about 3 times that.
    assert.ok(peak < 600 * 2 ** 20, `peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB for a ${(size / 2 ** 20).toFixed(0)} MiB log`);
    process.stderr.write(`import ${(performance.now() - started).toFixed(0)} ms; peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB for a ${(size / 2 ** 20).toFixed(0)} MiB log\n`);
    const copy = join(result.stdout.trim(), 'source', 'large.eval');
    assert.equal(statSync(copy).size, size, 'the source is copied whole');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
