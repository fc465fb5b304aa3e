import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchmarkManifest } from '../../../src/core/data/manifest';
import { resolveSourceFile } from '../../../src/core/data/resolveSourceFile';
import { userCacheDir } from '../../../src/core/data/cacheDir';
import { sha256Hex } from '../../../src/core/util/hash';

const content = Buffer.from('[{"question":"q"}]');
const manifest: BenchmarkManifest = {
  benchmark: 'yokaieval',
  title: 'Test',
  repository: 'owner/repo',
  commit: 'a'.repeat(40),
  citation: '',
  files: {
    dataset: {
      path: 'works/data.json',
      local: 'bench/data.json',
      url: 'https://example.invalid/works/data.json',
      sha256: sha256Hex(content),
      license: 'CC BY 4.0',
    },
  },
};

test('a local copy in --data is used and verified', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ea-data-'));
  mkdirSync(join(dataDir, 'bench'));
  writeFileSync(join(dataDir, 'bench', 'data.json'), content);
  const resolved = await resolveSourceFile(manifest, 'dataset', { dataDir, download: () => Promise.reject(new Error('no network')) });
  assert.equal(resolved.origin, 'local');
  writeFileSync(join(dataDir, 'bench', 'data.json'), '[]');
  await assert.rejects(
    resolveSourceFile(manifest, 'dataset', { dataDir }),
    /bench\/data\.json: sha256 [0-9a-f]{64} does not match the pinned .* of works\/data\.json\. Point --data/,
  );
});

test('a missing local copy names the path expected', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ea-data-'));
  await assert.rejects(
    resolveSourceFile(manifest, 'dataset', { dataDir }),
    /not found\. The data directory .* should hold bench\/data\.json/,
  );
});

test('download, verify, cache; the second time comes from the cache', async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'ea-cache-'));
  let downloads = 0;
  const download = (): Promise<Uint8Array> => {
    downloads += 1;
    return Promise.resolve(content);
  };
  assert.equal((await resolveSourceFile(manifest, 'dataset', { cacheDir, download })).origin, 'download');
  assert.equal((await resolveSourceFile(manifest, 'dataset', { cacheDir, download })).origin, 'cache');
  assert.equal(downloads, 1);
});

test('a failed download or a wrong sha256 is a clear error telling to use --data', async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'ea-cache-'));
  await assert.rejects(
    resolveSourceFile(manifest, 'dataset', { cacheDir, download: () => Promise.reject(new Error('getaddrinfo ENOTFOUND')) }),
    /Could not download works\/data\.json of owner\/repo at aaaaaaa .*ENOTFOUND.*point --data/,
  );
  await assert.rejects(
    resolveSourceFile(manifest, 'dataset', { cacheDir, download: () => Promise.resolve(Buffer.from('tampered')) }),
    /does not match the pinned/,
  );
});

test('the cache directory honours XDG_CACHE_HOME', { skip: process.platform !== 'linux' }, () => {
  assert.equal(userCacheDir({ XDG_CACHE_HOME: '/x/cache' }), '/x/cache/eval-adjudicator');
  assert.equal(userCacheDir({ EVAL_ADJUDICATOR_CACHE: '/y' }), '/y');
});
