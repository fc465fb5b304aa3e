import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import OpenAI from 'openai';

const mainPath = resolve(__dirname, '../../server/main.ts');
const apiKey = 'sk-test-standalone-key';

test('the standalone server prints its URL, serves, and exits on SIGTERM', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'test-server-'));
  const log = join(dir, 'requests.jsonl');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      mainPath,
      '--port',
      '0',
      '--latency-ms',
      '1',
      '--requests-log',
      log,
      '--require-api-key-env',
      'TEST_SERVER_KEY',
      '--refuse-max-tokens-zero',
    ],
    { env: { ...process.env, TEST_SERVER_KEY: apiKey }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  try {
    const lines = createInterface({ input: child.stdout });
    const first = await new Promise<string>((resolveLine, reject) => {
      lines.once('line', resolveLine);
      child.once('exit', () => reject(new Error('server exited before printing its URL')));
    });
    lines.close();
    const { url } = JSON.parse(first) as { url: string };
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);

    const client = new OpenAI({ apiKey, baseURL: url, maxRetries: 0 });
    const c = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'Kumusta ka?' }] });
    assert.equal(c.choices.length, 1);
    await assert.rejects(
      client.completions.create({ model: 'm', prompt: 'x', echo: true, logprobs: 1, max_tokens: 0 }),
      (err: unknown) => err instanceof OpenAI.BadRequestError,
    );

    const origin = url.replace(/\/v1$/, '');
    const configured = await fetch(`${origin}/__test/configure`, { method: 'POST', body: JSON.stringify({ latencyMs: 0 }) });
    assert.equal(configured.status, 200);
    await configured.body?.cancel();
    const listed = (await (await fetch(`${origin}/__test/requests`)).json()) as { counts: Record<string, number> };
    assert.deepEqual(listed.counts, { '200': 1, '400': 1 });

    const logged = readFileSync(log, 'utf8').trim().split('\n');
    assert.equal(logged.length, 2);
    assert.ok(!readFileSync(log, 'utf8').includes(apiKey));
  } finally {
    child.kill('SIGTERM');
    const code = await exited;
    rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0);
  }
});
