import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { test } from 'node:test';
import { fetchOfficialData, officialDataLine } from '../../../scripts/test-data/officialData';
import { benchmarkBasicsOf, benchmarkIds } from '../../../src/core/benchmarks/registryBasics';
import { type SourceFile } from '../../../src/core/data/manifest';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { scratchDir } from '../../helpers/scratch';

/** Every pinned file of the registered benchmarks, read from the pinned JSON itself. */
function pinnedFiles(): SourceFile[] {
  return benchmarkIds().flatMap((id) => Object.values(benchmarkBasicsOf(id).source?.files ?? {}));
}

test("npm test's fetch puts every pinned official file into an empty data folder, over HTTP, sha256-checked, and refuses a corrupt one", async (t) => {
  const files = pinnedFiles();
  assert.ok(files.length >= 4, 'both benchmarks pin their files');
  for (const file of files) if (!requireSharedFile(t, join(sharedDataDir, file.local))) return;
  const corrupt = files[0];
  assert.ok(corrupt !== undefined);
  // A stand-in for the raw GitHub host: serves the shared copies by the pinned URL's path, one of them altered.
  const byPath = new Map(files.map((file) => [new URL(file.url).pathname, file]));
  const server = createServer((request, response) => {
    const file = byPath.get(request.url ?? '');
    if (file === undefined) return void response.writeHead(404).end();
    const bytes = readFileSync(join(sharedDataDir, file.local));
    response.writeHead(200).end(file === corrupt ? Buffer.concat([bytes, Buffer.from(' ')]) : bytes);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  t.after(() => server.close());
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const download = async (url: string): Promise<Uint8Array> => {
    const response = await fetch(base + new URL(url).pathname);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };

  const dataDir = join(scratchDir('official-data'), 'data');
  const cacheDir = scratchDir('official-data-cache');
  const first = await fetchOfficialData({ dataDir, cacheDir, download });
  assert.equal(first.fetched, files.length - 1);
  assert.equal(first.present, 0);
  assert.equal(first.problems.length, 1);
  assert.match(first.problems[0] ?? '', /sha256 .* does not match the pinned/);
  assert.equal(existsSync(join(dataDir, corrupt.local)), false, 'the corrupt file is not written');
  for (const file of files.filter((f) => f !== corrupt)) {
    const bytes = readFileSync(join(dataDir, file.local));
    assert.equal(createHash('sha256').update(bytes).digest('hex'), file.sha256, file.local);
  }
  assert.match(officialDataLine(dataDir, first), /1 pinned files could not be fetched .* so the tests that need them skip/);

  const again = await fetchOfficialData({ dataDir, cacheDir, download: () => Promise.reject(new Error('offline')) });
  assert.deepEqual([again.fetched, again.present, again.problems.length], [0, files.length - 1, 1]);
  assert.match(again.problems[0] ?? '', /Could not download .*offline/);
});
