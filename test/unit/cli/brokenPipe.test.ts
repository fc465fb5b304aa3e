// `eval-adjudicator export … | head`: the built CLI, its stdout a pipe whose reader goes away after the
// first chunk, ends quietly (no EPIPE stack trace, SIGPIPE's status 141) as Unix tools do.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { scratchDir } from '../../helpers/scratch';
import { writeSyntheticRun } from '../../helpers/syntheticRun';

const cli = resolve(__dirname, '../../../dist/cli.js');

test('export into a pipe closed after its first chunk: no stack trace, exit 141', async () => {
  // Far more than a pipe's buffer, so writes go on after the reader has gone.
  const run = writeSyntheticRun(join(scratchDir('broken-pipe'), 'run'), 5000);
  const child = spawn(process.execPath, [cli, 'export', run.dir, '--format', 'csv'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
  assert.equal(stderr, '', 'nothing on stderr');
  assert.equal(code, 141);
});
