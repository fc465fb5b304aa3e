// A full disk, for real: a tiny tmpfs mounted for the test (skipped, with the reason, where mounting is not
// allowed). run.json is replaced whole or not at all, its temporary file never stays behind, and every
// failed write names its file; a run that fills the disk goes on with --resume once there is room.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../../server';
import { createRunFolder, readCurrentResults, readManifest, runPaths, writeManifest } from '../../../src/core/runs/runFolder';
import { UserError } from '../../../src/core/util/errors';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { syntheticManifest } from '../../helpers/syntheticRun';
import { DATASET_PATH, TEMPLATE_PATH, judgeTemplate } from './yokaiRun';

/** A tmpfs of `kib` KiB, unmounted after the test; undefined (the test skipped) where mount is refused. */
function tinyDisk(t: TestContext, kib: number): string | undefined {
  const dir = scratchDir('full-disk');
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    t.skip(`cannot mount a tmpfs here (${(mounted.stderr || mounted.error?.message || 'mount failed').trim()})`);
    return undefined;
  }
  t.after(() => void spawnSync('umount', ['-l', dir]));
  return dir;
}

/** Fills the disk but `leaveBytes` (rounded to pages); returns the filler's path. */
function fill(disk: string, leaveBytes = 0): string {
  const path = join(disk, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(4096, 0x41);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    assert.equal((error as NodeJS.ErrnoException).code, 'ENOSPC');
  } finally {
    closeSync(fd);
  }
  if (leaveBytes > 0) truncateSync(path, Math.max(0, statSync(path).size - leaveBytes));
  return path;
}

const leftovers = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

test('run.json on a full disk: the write fails naming run.json, the old run.json stays whole, no temporary file stays', (t) => {
  const disk = tinyDisk(t, 64);
  if (disk === undefined) return;
  const paths = createRunFolder(join(disk, 'run'), syntheticManifest(['0', '1']));
  const before = readFileSync(paths.manifest, 'utf8');
  fill(disk);
  const bigger = { ...syntheticManifest(['0', '1']), settings: { note: 'x'.repeat(20_000) } };
  assert.throws(
    () => writeManifest(paths, bigger),
    (error: unknown) => error instanceof UserError && error.message.includes(paths.manifest) && /ENOSPC/.test(error.message),
  );
  assert.deepEqual(leftovers(paths.dir), []);
  assert.equal(readFileSync(paths.manifest, 'utf8'), before);
});

test('a run that fills the disk stops naming the file it could not write, leaves no temporary file, and resumes once there is room', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const disk = tinyDisk(t, 256);
  if (disk === undefined) return;
  const server = await startTestServer({ judgeTemplate: judgeTemplate() });
  t.after(() => server.close());
  const filler = fill(disk, 24 * 1024);
  const common = ['--data', sharedDataDir, '--no-cache'];
  const run = await runCli([
    'run',
    'yokaieval',
    '--model',
    'm',
    '--base-url',
    server.url,
    '--limit',
    '30',
    '--out',
    disk,
    '--name',
    'r',
    ...common,
  ]);
  const dir = join(disk, 'r');
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, new RegExp(`${dir}/(results\\.jsonl|run\\.json): could not .*ENOSPC`));
  assert.deepEqual(leftovers(dir), []);

  rmSync(filler);
  const resumed = await runCli(['run', 'yokaieval', '--resume', dir, ...common]);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.equal(readCurrentResults(dir).byItem.size, 30);
  assert.equal(readManifest(dir).status, 'finished');
  assert.deepEqual(leftovers(runPaths(dir).dir), []);
});
