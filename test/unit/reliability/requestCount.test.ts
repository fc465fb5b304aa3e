// run.json's usage.requests counts every request of every session: a run SIGKILLed twice and resumed
// records at least every request the server received, and no more than the requests in flight at the
// kills beyond them (sent, not yet received).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startTestServer } from '../../server';
import { readCurrentResults, readManifest } from '../../../src/core/runs/runFolder';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { DATASET_PATH, TEMPLATE_PATH, judgeTemplate } from './yokaiRun';

const cli = resolve(__dirname, '../../../dist/cli.js');
const ITEMS = 40;
const WORKERS = 4;
const KILLS = 2;

const linesIn = (path: string): number => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0);
const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

test(
  'usage.requests after two SIGKILLs and a resume: every request the server received, at most the ones in flight more',
  { timeout: 120_000 },
  async (t) => {
    if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
    const server = await startTestServer({ latencyMs: 30, judgeTemplate: judgeTemplate() });
    t.after(() => server.close());
    const out = scratchDir('request-count');
    const dir = join(out, 'r');
    const results = join(dir, 'results.jsonl');
    const common = ['--data', sharedDataDir, '--no-cache', '--concurrency', String(WORKERS)];
    for (let kill = 0; kill < KILLS; kill++) {
      const args =
        kill === 0
          ? ['run', 'yokaieval', '--model', 'm', '--base-url', server.url, '--limit', String(ITEMS), '--out', out, '--name', 'r', ...common]
          : ['run', 'yokaieval', '--resume', dir, ...common];
      const target = linesIn(results) + 5;
      const child = spawn(process.execPath, [cli, ...args], { stdio: 'ignore' });
      t.after(() => void child.kill('SIGKILL'));
      const exited = new Promise<void>((done) => child.on('exit', () => done()));
      const deadline = Date.now() + 60_000;
      while (linesIn(results) < target) {
        assert.ok(Date.now() < deadline, `kill ${kill}: no progress`);
        await pause(5);
      }
      child.kill('SIGKILL');
      await exited;
    }
    assert.ok(linesIn(results) < ITEMS, 'the kills left items to resume');
    const resumed = await runCli(['run', 'yokaieval', '--resume', dir, ...common]);
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.equal(readCurrentResults(dir).byItem.size, ITEMS);
    const recorded = readManifest(dir).usage.requests;
    const received = server.requests.length;
    assert.ok(recorded >= received, `run.json records ${recorded} requests, the server received ${received}`);
    assert.ok(recorded <= received + KILLS * WORKERS, `run.json records ${recorded} requests, the server received ${received}`);
    assert.equal(existsSync(join(dir, 'requests.pending')), false, 'the ledger is folded into run.json');
  },
);
