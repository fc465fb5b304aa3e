// A run hands its one AbortSignal to every model call. The openai client adds an abort listener to the
// signal it gets and never removes it, so each call goes through a signal of its own: after a run's
// requests the run's signal holds no listener, and aborting it still cancels a request in flight.
// Over real HTTP to the test server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import * as z from 'zod';
import { startTestServer } from '../../server';
import { ChatClient } from '../../../src/core/model/chatClient';
import { RequestPool } from '../../../src/core/model/requestPool';
import { ServerClient } from '../../../src/core/backends/serverClient';

const REQUESTS = 60;
const ASK = {
  model: 'm',
  messages: [{ role: 'user' as const, content: 'Ano ang tawag sa diwata?' }],
  params: { temperature: null, topP: null, maxTokens: null },
};
const RETRY = { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 };

test('after many chat and log-prob requests, the run signal holds no listener', async (t) => {
  const server = await startTestServer();
  t.after(() => server.close());
  const endpoint = { provider: 'openai-compatible' as const, baseUrl: server.url };
  const pool = new RequestPool({ maxConcurrency: 8 });
  const run = new AbortController();
  const chat = new ChatClient({ endpoint, apiKey: 'sk-test', pool, retry: RETRY });
  const replies = await Promise.all(Array.from({ length: REQUESTS }, () => chat.complete(ASK, run.signal)));
  assert.equal(replies.filter((r) => r.kind === 'reply').length, REQUESTS);
  assert.equal(getEventListeners(run.signal, 'abort').length, 0, 'chat requests left listeners on the run signal');
  const logprobs = new ServerClient({ endpoint, apiKey: 'sk-test', pool, retry: RETRY });
  await Promise.all(
    Array.from({ length: 10 }, () => logprobs.post('/completions', { model: 'm', prompt: 'x', max_tokens: 1 }, z.unknown(), run.signal)),
  );
  assert.equal(getEventListeners(run.signal, 'abort').length, 0, 'log-prob requests left listeners on the run signal');
  assert.equal(server.requests.length, REQUESTS + 10);
});

test('aborting the run signal still cancels a chat request in flight', async (t) => {
  const server = await startTestServer({ latencyMs: 30_000 });
  t.after(() => server.close());
  const pool = new RequestPool({ maxConcurrency: 2 });
  const chat = new ChatClient({ endpoint: { provider: 'openai-compatible', baseUrl: server.url }, apiKey: 'sk-test', pool, retry: RETRY });
  const run = new AbortController();
  const pending = chat.complete(ASK, run.signal);
  await new Promise((resolve) => setTimeout(resolve, 200));
  run.abort(new Error('cancelled by the test'));
  await assert.rejects(pending);
  assert.equal(getEventListeners(run.signal, 'abort').length, 0);
  const aborted = new AbortController();
  aborted.abort(new Error('already'));
  await assert.rejects(chat.complete(ASK, aborted.signal), 'a signal aborted before the call cancels it at once');
});
