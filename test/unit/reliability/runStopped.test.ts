// Issue 36, item 3 (CLI): a run stopped by an error that ends it as a whole says so in run.json (status
// "error", stoppedBy naming the cause), and --resume takes it up again; a 401 on the first requests, none
// succeeding, stops the run at once as a dead endpoint does, instead of failing every item in turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../../server';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { DATASET_PATH, TEMPLATE_PATH, judgeTemplate } from './yokaiRun';
import { deadPort } from '../../helpers/deadPort';

const ITEMS = 20;

interface RunJson {
  status: string;
  stoppedBy?: { message: string; time: string };
  counts: { done: number; error: number; missing: number };
  usage: { requests: number };
}

function runJson(dir: string): RunJson {
  return JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as never;
}

const run = (baseUrl: string, out: string, extra: readonly string[] = []) =>
  runCli(
    [
      'run',
      'yokaieval',
      '--model',
      'm',
      '--base-url',
      baseUrl,
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--no-cache',
      '--limit',
      String(ITEMS),
      '--concurrency',
      '2',
      ...extra,
    ],
    { env: { OPENAI_API_KEY: 'sk-test-key-1234567890' } },
  );

test('a run stopped by a dead endpoint leaves run.json with status "error" and why', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH)) return;
  const url = `http://127.0.0.1:${await deadPort()}/v1`;
  const dead = await run(url, scratchDir('run-stopped-dead'));
  assert.equal(dead.code, 3, dead.stderr);
  const stopped = runJson(dead.lastLine);
  assert.equal(stopped.status, 'error');
  assert.match(stopped.stoppedBy?.message ?? '', /connection refused, and no request to it has succeeded/);
  assert.ok(!Number.isNaN(Date.parse(stopped.stoppedBy?.time ?? '')));
});

test('a 401 on the first requests, none succeeding, stops the run at once: one line naming the endpoint and the refusal, run.json says why; --resume finishes it', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  let refuse = true;
  const server = await startTestServer({
    judgeTemplate: judgeTemplate(),
    faultsForRequest: () => (refuse ? { fault: 'status', status: 401 } : undefined),
  });
  t.after(() => server.close());
  const result = await run(server.url, scratchDir('run-stopped-401'));
  assert.equal(result.code, 3, result.stderr);
  const said = result.stderr.split('\n').filter((l) => l !== '');
  assert.equal(said.length, 1, result.stderr);
  assert.match(
    said[0] ?? '',
    new RegExp(
      `^eval-adjudicator: ${server.url.replace(/[.]/g, '\\.')}: 401 .*and no request to it has succeeded: the run stops \\(check the API key`,
    ),
  );
  // The requests in flight when the first 401 came (two workers), not one per item.
  assert.ok(server.requests.length <= 4, `${server.requests.length} requests for ${ITEMS} items`);
  const dir = result.lastLine;
  const stopped = runJson(dir);
  assert.equal(stopped.status, 'error');
  assert.match(stopped.stoppedBy?.message ?? '', /401/);
  assert.ok(!readFileSync(join(dir, 'run.json'), 'utf8').includes('sk-test-key'), 'no key in run.json');

  refuse = false;
  const resumed = await runCli(['run', 'yokaieval', '--resume', dir, '--data', sharedDataDir], {
    env: { OPENAI_API_KEY: 'sk-test-key-1234567890' },
  });
  assert.equal(resumed.code, 0, resumed.stderr);
  const finished = runJson(dir);
  assert.equal(finished.status, 'finished');
  assert.equal(finished.stoppedBy, undefined, 'a finished run no longer says it stopped');
  assert.equal(finished.counts.done, ITEMS);
  // The stop wrote its session's count into run.json: the resume neither loses it nor counts it twice
  // (a request counted as it was sent may not have reached the server when the process ended: at most one per worker).
  assert.ok(stopped.usage.requests >= 1, `the stopped run counts its requests (${stopped.usage.requests})`);
  const received = server.requests.length;
  assert.ok(
    finished.usage.requests >= received && finished.usage.requests <= received + 2,
    `${finished.usage.requests} counted, ${received} received`,
  );
});
