import { test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startTestServer } from '../../server';

const apiKey = 'sk-test-rate';

function ask(client: OpenAI, i: number): Promise<OpenAI.Chat.Completions.ChatCompletion> {
  return client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: `q${i}` }] });
}

test('beyond the token bucket requests get 429 with retry-after and retry-after-ms', async () => {
  const server = await startTestServer({ rateLimitPerSecond: 2, rateLimitBurst: 2, script: () => ({ content: 'ok' }) });
  try {
    const client = new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0 });
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => ask(client, i)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const limited = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    assert.equal(ok.length, 2);
    assert.equal(limited.length, 3);
    for (const err of limited) {
      assert.ok(err instanceof OpenAI.RateLimitError);
      assert.equal(err.headers?.get('retry-after'), '1');
      const ms = Number(err.headers?.get('retry-after-ms'));
      assert.ok(ms > 0 && ms <= 500, `retry-after-ms ${ms}`);
      assert.equal(err.code, 'rate_limit_exceeded');
    }
    assert.deepEqual(server.counts, { '200': 2, '429': 3 });
    assert.equal(server.requests.filter((r) => r.fault === 'rate-limit').length, 3);
  } finally {
    await server.close();
  }
});

test('a client that honours retry-after-ms gets through at the allowed rate', async () => {
  const server = await startTestServer({ rateLimitPerSecond: 20, rateLimitBurst: 1, script: () => ({ content: 'ok' }) });
  try {
    const client = new OpenAI({ apiKey, baseURL: server.url, maxRetries: 10 });
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => ask(client, i)));
    assert.equal(results.length, 6);
    // 1 from the burst, then 5 more at 20 per second: at least ~250 ms.
    assert.ok(Date.now() - started >= 200, `took ${Date.now() - started} ms`);
    assert.equal(server.counts['200'], 6);
    assert.ok((server.counts['429'] ?? 0) > 0);
  } finally {
    await server.close();
  }
});

test('configure() changes the rate limit at runtime', async () => {
  const server = await startTestServer({ script: () => ({ content: 'ok' }) });
  try {
    const client = new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0 });
    await Promise.all([ask(client, 1), ask(client, 2), ask(client, 3)]);
    server.configure({ rateLimitPerSecond: 1, rateLimitBurst: 1 });
    await ask(client, 4);
    await assert.rejects(ask(client, 5), (err: unknown) => err instanceof OpenAI.RateLimitError);
  } finally {
    await server.close();
  }
});
