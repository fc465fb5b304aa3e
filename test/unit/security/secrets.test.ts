// Keys never reach a file the tool writes (run folders, the response cache, exports, reports, logs) nor its
// output, even when the endpoint echoes them in error bodies, when the base URL carries credentials or a
// key in its query, and whatever the model client's errors say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import { join } from 'node:path';
import { startTestServer } from '../../server';
import { ServerClient } from '../../../src/core/backends/serverClient';
import { ChatClient } from '../../../src/core/model/chatClient';
import { RequestPool } from '../../../src/core/model/requestPool';
import { readCurrentResults, readManifest } from '../../../src/core/runs/runFolder';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { TEST_KEYS, assertNoSecrets, assertTextHasNoSecrets, findSecrets } from '../../fixtures/secretScan';

const KEYS = Object.values(TEST_KEYS);
const templatePath = join(sharedDataDir, 'yokaieval', 'judge_prompt.txt');
const QUERY_KEY = 'query-secret-Zt81Qm0Lp';
const URL_PASSWORD = 'url-password-Hk3Wq9Xv';

/** An endpoint that answers every request with a 400 echoing the full URL and the Authorization header. */
async function echoServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            message: `bad request to ${req.url ?? ''} with ${req.headers.authorization ?? 'no key'} (api-key ${String(req.headers['api-key'] ?? '')})`,
            type: 'invalid_request_error',
            code: null,
            param: null,
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test('keys echoed by the endpoint in error bodies reach no file and no output: run, cache, exports, report, adjudications', async (t) => {
  if (!requireSharedFile(t, templatePath)) return;
  let answered = 0;
  const echo = (): string => `Incorrect API key provided: ${TEST_KEYS.model} / ${TEST_KEYS.judge} / ${TEST_KEYS.plain}; sk-abc***wxyz`;
  const server = await startTestServer({
    judgeTemplate: readFileSync(templatePath, 'utf8'),
    faultsForRequest: (req) => {
      // The first requests succeed: a 401 before any success would stop the run as a whole (a key refused).
      if (req.kind !== 'chat' || ++answered <= 8) return undefined;
      const h = Number.parseInt(req.bodyHash.slice(0, 2), 16);
      if (req.model !== 'gpt-4o' && h % 3 === 0)
        return {
          fault: 'status',
          status: 401,
          body: { error: { message: echo(), type: 'invalid_request_error', code: 'invalid_api_key', param: null } },
        };
      if (req.model === 'gpt-4o' && h % 4 === 1)
        return {
          fault: 'status',
          status: 500,
          body: { error: { message: `upstream said: ${echo()}`, type: 'server_error', code: null, param: null } },
        };
      return undefined;
    },
  });
  t.after(() => server.close());
  const out = scratchDir('secrets-run');
  const cache = scratchDir('secrets-cache');
  const exports = scratchDir('secrets-exports');
  // The judge's key is not shaped like an OpenAI key: only the tool's knowledge of it keeps it out.
  const env = {
    OPENAI_API_KEY: TEST_KEYS.model,
    JUDGE_KEY: TEST_KEYS.plain,
    EVAL_ADJUDICATOR_CACHE: cache,
    EVAL_ADJUDICATOR_ANNOTATOR: 'Aiko',
  };
  const run = await runCli(
    [
      'run',
      'yokaieval',
      '--model',
      'm',
      '--base-url',
      server.url,
      '--judge-api-key-env',
      'JUDGE_KEY',
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--limit',
      '24',
      '--max-attempts',
      '2',
    ],
    { env },
  );
  assert.equal(run.code, 3, `errors remain: ${run.stderr}`);
  const runDir = run.lastLine;
  const lines = [...readCurrentResults(runDir).byItem.values()];
  assert.ok(
    lines.some((l) => l.error?.kind === 'auth'),
    'some model calls were refused with the key echoed',
  );
  assert.ok(
    lines.some((l) => l.error?.stage === 'judge'),
    'some judge calls failed with the keys echoed',
  );
  assert.ok(
    lines.some((l) => l.error === null),
    'some items were scored (and cached)',
  );
  for (const line of lines.filter((l) => l.error !== null)) assert.match(line.error?.message ?? '', /\[redacted\]/);
  assert.ok(
    server.requests.every((r) => r.hadApiKey),
    'the keys were sent',
  );

  const outputs = [run.stdout + run.stderr];
  const cli = async (args: string[], codes: readonly number[] = [0]): Promise<void> => {
    const result = await runCli(args, { env });
    assert.ok(codes.includes(result.code), `${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    outputs.push(result.stdout + result.stderr);
  };
  await cli(['run', 'yokaieval', '--retry-errors', runDir, '--data', sharedDataDir, '--max-attempts', '2'], [0, 3]);
  await cli(['adjudicate', runDir, '--item', '0', '--verdict', 'true', '--note', 'checked']);
  await cli(['export', runDir, '--format', 'csv', '--out', join(exports, 'run.csv')]);
  await cli(['export', runDir, '--format', 'json', '--adjudicated', '--out', join(exports, 'adjudicated.json')]);
  await cli(['report', runDir, '--format', 'html', '--out', join(exports, 'report.html')]);
  await cli(['report', runDir, '--format', 'json', '--out', join(exports, 'report.json')]);
  await cli(['summary', runDir, '--json']);
  await cli(['sample', runDir, '--n', '5', '--seed', '1']);
  for (const text of outputs) assertTextHasNoSecrets(text, KEYS, 'the CLI output');
  assertNoSecrets([out, cache, exports], KEYS, { minFiles: 10 });
});

test('a key in the base URL (user:password@ or ?api-key=) is never written to run.json, and errors never echo it', async (t) => {
  if (!requireSharedFile(t, templatePath)) return;
  const { server, url } = await echoServer();
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const secrets = [...KEYS, QUERY_KEY, URL_PASSWORD];
  const out = scratchDir('secrets-url');
  const cache = scratchDir('secrets-url-cache');
  const env = { OPENAI_API_KEY: TEST_KEYS.plain, EVAL_ADJUDICATOR_CACHE: cache };
  const hostile = [`${url}/v1?api-key=${QUERY_KEY}`, `http://annotator:${URL_PASSWORD}@${url.slice('http://'.length)}/v1`];
  for (const [i, baseUrl] of hostile.entries()) {
    const result = await runCli(
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
        '--name',
        `run-${i}`,
        '--limit',
        '3',
        '--max-attempts',
        '1',
      ],
      { env },
    );
    assert.equal(result.code, 3, `every item is an error: ${result.stderr}`);
    assertTextHasNoSecrets(result.stdout + result.stderr, secrets, 'the CLI output');
    const manifest = readManifest(result.lastLine);
    assert.equal(manifest.model?.baseUrl, `${url}/v1`, 'run.json has the URL without credentials or query');
    const errors = [...readCurrentResults(result.lastLine).byItem.values()].map((l) => l.error?.message ?? '');
    assert.equal(errors.length, 3);
    assert.ok(
      errors.every((m) => m !== ''),
      'every item is an error',
    );
  }
  assertNoSecrets([out, cache], secrets, { minFiles: 4 });
});

test('model client errors never echo a key: chat and log-prob clients, key in the header, the URL or the body', async () => {
  const { server, url } = await echoServer();
  try {
    const secrets = [TEST_KEYS.plain, QUERY_KEY, URL_PASSWORD];
    const endpoints = [`${url}/v1?token=${QUERY_KEY}`, `http://u:${URL_PASSWORD}@${url.slice('http://'.length)}/v1`, `${url}/v1`];
    for (const baseUrl of endpoints) {
      const endpoint = { provider: 'openai-compatible' as const, baseUrl };
      const pool = new RequestPool({ maxConcurrency: 1 });
      const retry = { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 };
      const chat = new ChatClient({ endpoint, apiKey: TEST_KEYS.plain, pool, retry });
      const chatError = await chat
        .complete({ model: 'm', messages: [{ role: 'user', content: 'hi' }], params: { temperature: null, topP: null, maxTokens: null } })
        .then(
          () => assert.fail('the echo server refuses every request'),
          (error: unknown) => error,
        );
      assert.ok(chatError instanceof Error);
      assertTextHasNoSecrets(
        `${chatError.message} ${chatError.stack ?? ''}`,
        secrets,
        `the chat client's error (${baseUrl.replace(/\/\/.*@/, '//…@')})`,
      );
      const logprobs = new ServerClient({ endpoint, apiKey: TEST_KEYS.plain, pool, retry });
      const logprobError = await logprobs.post('/completions', { model: 'm', prompt: 'x' }, z.unknown()).then(
        () => assert.fail('refused'),
        (error: unknown) => error,
      );
      assert.ok(logprobError instanceof Error);
      assertTextHasNoSecrets(logprobError.message, secrets, "the log-prob client's error");
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test('the scan finds a key that is there (in any of its forms), so a clean scan means something', () => {
  const dir = scratchDir('secrets-probe');
  writeFileSync(join(dir, 'raw.txt'), `x ${TEST_KEYS.plain} y`);
  writeFileSync(join(dir, 'b64.txt'), Buffer.from(`Bearer ${TEST_KEYS.model}`).toString('base64'));
  writeFileSync(join(dir, 'clean.txt'), 'nothing here');
  const hits = findSecrets([dir], KEYS).map((h) => [h.file.slice(dir.length + 1), h.form]);
  assert.deepEqual(hits.sort(), [
    ['b64.txt', 'bearer-base64'],
    ['raw.txt', 'raw'],
  ]);
  assert.throws(() => assertNoSecrets([dir], KEYS));
});
