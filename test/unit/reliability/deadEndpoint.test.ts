// An endpoint that was never there (nothing listens, its host does not resolve, it speaks no TLS) ends the
// run within seconds, exit 3, with one line naming it and why; a server that stops answering mid-run is
// waited for, and the CLI says when it starts waiting and when the server is back, or when it gives it up
// (--outage-patience). Real sockets: a port with nothing listening, the test server stopped mid-run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer } from '../../server';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { DATASET_PATH, TEMPLATE_PATH, judgeTemplate } from './yokaiRun';
import { deadPort } from '../../helpers/deadPort';

async function runAgainst(
  baseUrl: string,
  extra: readonly string[] = [],
  benchmark = 'yokaieval',
): Promise<{ code: number; stderr: string; stdout: string; ms: number }> {
  const started = Date.now();
  const argv = [
    'run',
    benchmark,
    '--model',
    'm',
    '--base-url',
    baseUrl,
    '--data',
    sharedDataDir,
    '--out',
    scratchDir('dead-endpoint'),
    '--no-cache',
    '--limit',
    '20',
    ...extra,
  ];
  const result = await runCli(benchmark === 'kalahi' ? [...argv, '--task', 'mc'] : argv, { env: {} });
  return { ...result, ms: Date.now() - started };
}

const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

for (const benchmark of ['yokaieval', 'kalahi']) {
  test(`run ${benchmark} against a port where nothing listens ends at once, exit 3, one line naming the endpoint and "connection refused"`, async (t) => {
    if (!requireSharedFile(t, DATASET_PATH)) return;
    const url = `http://127.0.0.1:${await deadPort()}/v1`;
    const result = await runAgainst(url, [], benchmark);
    assert.equal(result.code, 3, result.stderr);
    assert.ok(result.ms < 15_000, `took ${result.ms} ms`);
    const said = lines(result.stderr);
    assert.equal(said.length, 1, result.stderr);
    assert.match(
      said[0] ?? '',
      new RegExp(`^eval-adjudicator: ${url.replace(/[.]/g, '\\.')}: connection refused, and no request to it has succeeded: the run stops`),
    );
  });
}

test('a host that does not resolve, and an endpoint that speaks no TLS, end the run the same way', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH)) return;
  const dns = await runAgainst('http://eval-adjudicator-no-such-host.invalid/v1');
  assert.equal(dns.code, 3, dns.stderr);
  assert.equal(lines(dns.stderr).length, 1, dns.stderr);
  assert.match(
    dns.stderr,
    /eval-adjudicator-no-such-host\.invalid\/v1: DNS lookup failed \(host eval-adjudicator-no-such-host\.invalid (ENOTFOUND|EAI_AGAIN)\)/,
  );

  const server = await startTestServer();
  t.after(() => server.close());
  const tls = await runAgainst(server.url.replace(/^http:/, 'https:'));
  assert.equal(tls.code, 3, tls.stderr);
  assert.equal(lines(tls.stderr).length, 1, tls.stderr);
  assert.match(tls.stderr, /https:\/\/127\.0\.0\.1:\d+\/v1: TLS error \([A-Z_]+\)/);
  assert.equal(server.requests.length, 0);
});

test('a server down for a while mid-run: the CLI says it waits and that the server is back, and the run finishes', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const server = await startTestServer({ judgeTemplate: judgeTemplate(), latencyMs: 5, outage: { afterRequests: 16, durationMs: 1500 } });
  t.after(() => server.close());
  const result = await runAgainst(server.url);
  assert.equal(result.code, 0, result.stderr);
  const said = lines(result.stderr);
  const waiting = said.findIndex((l) =>
    /^eval-adjudicator: the server stopped answering \(connection refused\): every request waits .* for up to 120 s \(--outage-patience\)$/.test(
      l,
    ),
  );
  const back = said.findIndex((l) => /^eval-adjudicator: the server is back after \d+\.\d s: going on$/.test(l));
  assert.ok(waiting !== -1 && back > waiting, result.stderr);
  assert.match(said.at(-1) ?? '', /^20 done, 0 errors, 0 missing of 20 items$/);
});

test('a server that does not come back within --outage-patience is given up: its requests fail, the run ends with exit 3', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const server = await startTestServer({
    judgeTemplate: judgeTemplate(),
    latencyMs: 5,
    outage: { afterRequests: 16, durationMs: 120_000 },
  });
  t.after(() => server.close());
  const result = await runAgainst(server.url, ['--outage-patience', '1.5']);
  assert.equal(result.code, 3, result.stderr);
  assert.ok(result.ms < 30_000, `took ${result.ms} ms`);
  assert.match(result.stderr, /the server stopped answering \(connection refused\): every request waits .* for up to 1\.5 s/);
  assert.match(result.stderr, /the server has not answered for \d+\.\d s: giving it up, its requests now fail/);
  assert.match(result.stderr, /items still have errors; redo them with: eval-adjudicator run yokaieval --retry-errors /);
});
