import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startTestServer } from '../../server';
import { readManifest } from '../../../src/core/runs/runFolder';
import { readJsonl } from '../../../src/core/util/jsonlReader';
import { ResultLineSchema } from '../../../src/core/runs/resultLine';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const projectRoot = resolve(__dirname, '../../..');

function lineCount(path: string): number {
  if (!existsSync(path)) return 0;
  const bytes = readFileSync(path);
  let lines = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines += 1;
  return lines;
}

// A loaded machine (CI, other processes) slows the child down: it fails only when it stops making progress.
const STALL_MS = 60_000;

test('killed with SIGKILL mid-run and resumed, a run of 810 items holds exactly one current result per item', async (t) => {
  if (!requireSharedFile(t, join(sharedDataDir, 'yokaieval', 'YokaiEval.json'))) return;
  const server = await startTestServer({
    latencyMs: 15,
    judgeTemplate: readFileSync(join(sharedDataDir, 'yokaieval', 'judge_prompt.txt'), 'utf8'),
  });
  t.after(() => server.close());
  const out = scratchDir('kill');
  const name = 'killed-run';
  const runDir = join(out, name);
  const args = [
    'run',
    'yokaieval',
    '--model',
    'm',
    '--base-url',
    server.url,
    '--data',
    sharedDataDir,
    '--out',
    out,
    '--name',
    name,
    '--no-cache',
    '--concurrency',
    '8',
  ];

  const killAt = [150, 500];
  for (const [round, threshold] of killAt.entries()) {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        ...(round === 0 ? args : ['run', 'yokaieval', '--resume', runDir, '--data', sharedDataDir, '--no-cache']),
      ],
      {
        cwd: projectRoot,
        env: { PATH: process.env['PATH'] ?? '' },
        stdio: 'ignore',
      },
    );
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    const results = join(runDir, 'results.jsonl');
    let seen = lineCount(results);
    let progressedAt = Date.now();
    while (seen < threshold) {
      assert.ok(Date.now() - progressedAt < STALL_MS, `the child wrote no line for ${STALL_MS / 1000} s (at ${seen} lines)`);
      assert.equal(child.exitCode, null, 'the child ended before it was killed');
      // Polled often enough to kill it well before the end, without taking the CPU from the child and the server.
      await new Promise((r) => setTimeout(r, 20));
      const now = lineCount(results);
      if (now > seen) progressedAt = Date.now();
      seen = now;
    }
    child.kill('SIGKILL');
    await exited;
    assert.equal(readManifest(runDir).status, 'running', 'a killed run is left marked running');
  }

  const resumed = await runCli(['run', 'yokaieval', '--resume', runDir, '--data', sharedDataDir, '--no-cache'], { cwd: projectRoot });
  assert.equal(resumed.code, 0, resumed.stderr);
  const lines = readJsonl(join(runDir, 'results.jsonl'), ResultLineSchema).records.map((r) => r.value.itemId);
  const perItem = new Map<string, number>();
  for (const id of lines) perItem.set(id, (perItem.get(id) ?? 0) + 1);
  assert.equal(perItem.size, 810);
  assert.deepEqual(
    [...perItem.values()].filter((n) => n !== 1),
    [],
    'no item was run twice',
  );
  assert.deepEqual(readManifest(runDir).counts, { items: 810, done: 810, error: 0, missing: 0 });
  assert.equal(readManifest(runDir).status, 'finished');
  const torn = readdirSync(runDir).filter((f) => f.includes('.torn-'));
  assert.ok(torn.length <= killAt.length);
});
