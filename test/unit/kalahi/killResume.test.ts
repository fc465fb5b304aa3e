import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { startTestServer } from '../../server';
import { readKalahiResults } from '../../../src/core/benchmarks/kalahi/kalahiResults';
import { LEXICAL_METRIC_NAMES } from '../../../src/core/metrics/registry';
import { readManifest } from '../../../src/core/runs/runFolder';
import { readJsonl } from '../../../src/core/util/jsonlReader';
import { ResultLineSchema } from '../../../src/core/runs/resultLine';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const projectRoot = resolve(__dirname, '../../..');

function lineCount(path: string): number {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0;
}

test('a --task both run of 150 items killed with SIGKILL twice and resumed ends with one current result per item and a full summary', async (t) => {
  if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
  const server = await startTestServer({ latencyMs: 20 });
  t.after(() => server.close());
  const out = scratchDir('kalahi-kill');
  const name = 'killed-kalahi';
  const runDir = join(out, name);
  const start = [
    'run',
    'kalahi',
    '--task',
    'both',
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
    '4',
  ];
  const resume = ['run', 'kalahi', '--resume', runDir, '--data', sharedDataDir, '--no-cache'];

  const killAt = [30, 90];
  for (const [round, threshold] of killAt.entries()) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...(round === 0 ? start : resume)], {
      cwd: projectRoot,
      env: { PATH: process.env['PATH'] ?? '' },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    // A failed assertion must not leave the child running (it would retry against a closed server for minutes).
    t.after(() => void child.kill('SIGKILL'));
    const results = join(runDir, 'results.jsonl');
    const began = Date.now();
    while (lineCount(results) < threshold) {
      assert.ok(Date.now() - began < 60_000, `the child reached ${lineCount(results)} lines in 60 s`);
      assert.equal(child.exitCode, null, 'the child ended before it was killed');
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await exited;
    assert.equal(readManifest(runDir).status, 'running', 'a killed run is left marked running');
  }

  const resumed = await runCli(resume, { cwd: projectRoot });
  assert.equal(resumed.code, 0, resumed.stderr);
  const ids = readJsonl(join(runDir, 'results.jsonl'), ResultLineSchema).records.map((r) => r.value.itemId);
  const perItem = new Map<string, number>();
  for (const id of ids) perItem.set(id, (perItem.get(id) ?? 0) + 1);
  assert.equal(perItem.size, 150);
  assert.deepEqual(
    [...perItem.values()].filter((n) => n !== 1),
    [],
    'no item was run twice',
  );
  const manifest = readManifest(runDir);
  assert.deepEqual(manifest.counts, { items: 150, done: 150, error: 0, missing: 0 });
  assert.equal(manifest.status, 'finished');
  assert.ok(readdirSync(runDir).filter((f) => f.includes('.torn-')).length <= killAt.length);
  assert.ok([...readKalahiResults(runDir, manifest).values()].every((l) => l.mc !== undefined && l.open !== undefined));

  const summary = z
    .object({
      benchmark: z.literal('kalahi'),
      items: z.literal(150),
      mc: z.object({ mc1: z.number(), mc2: z.number() }),
      open: z.object(Object.fromEntries(LEXICAL_METRIC_NAMES.map((m) => [m, z.object({ diff: z.number(), acc: z.number() })]))),
      automatic: z.object({
        counts: z.object({ true: z.number(), false: z.number(), null: z.literal(0), missing: z.literal(0), error: z.literal(0) }),
      }),
    })
    .parse(JSON.parse((await runCli(['summary', runDir, '--json'])).stdout));
  assert.equal(summary.automatic.counts.true + summary.automatic.counts.false, 150);
});
