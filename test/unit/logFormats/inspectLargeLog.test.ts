import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { peakRssOf, startCli } from '../../helpers/childCli';
import { writeLargeInspectLog } from '../../helpers/largeEval';
import { scratchDir } from '../../helpers/scratch';

test('an .eval of more than 1 GB imports with a peak RSS well under its size: members are read one at a time from the file', async () => {
  // On a memory file system where there is one: the test is about the importer's memory, not the disk's speed.
  const scratch = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/ea-inspect-large-') : scratchDir('inspect-large');
  const file = join(scratch, 'large.eval');
  try {
    const size = writeLargeInspectLog(file);
    assert.ok(size >= 1e9, `the log is ${size} bytes`);
    const started = performance.now();
    const result = await startCli(['import', 'inspect', file, '--out', join(scratch, 'runs')], { peakRss: true }).done;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /imported 20 items/);
    const peak = peakRssOf(result);
    // Reading the file whole would take more than its size; one member (52 MiB) read, decoded and parsed, about 3 times that.
    assert.ok(peak < 600 * 2 ** 20, `peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB for a ${(size / 2 ** 20).toFixed(0)} MiB log`);
    process.stderr.write(
      `import ${(performance.now() - started).toFixed(0)} ms; peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB for a ${(size / 2 ** 20).toFixed(0)} MiB log\n`,
    );
    const copy = join(result.stdout.trim(), 'source', 'large.eval');
    assert.equal(statSync(copy).size, size, 'the source is copied whole');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
