// postJson (the log-prob backends' POST) against the openai client's post over real HTTP to the test
// server: the same reply, and for every failure the same classification (kind, status, Retry-After,
// refused connection), so retries, the pool's load detection and the outage gate see no difference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { startTestServer, type ScriptedReply } from '../../server';
import { createOpenAIClient } from '../../../src/core/model/chatClient';
import { postJson } from '../../../src/core/model/jsonPost';
import { type ModelCallError, classifyModelError } from '../../../src/core/model/modelError';

const FAULTS: Record<string, ScriptedReply> = {
  'rate-limited': {
    fault: 'status',
    status: 429,
    headers: { 'retry-after': '2', 'retry-after-ms': '1500' },
    body: { error: { message: 'slow down', type: 'rate_limit' } },
  },
  'server-error': { fault: 'status', status: 500, body: { error: { message: 'boom' } } },
  'bad-max-tokens': {
    fault: 'status',
    status: 400,
    body: { error: { message: 'max_tokens must be at least 1', type: 'invalid_request_error' } },
  },
  'plain-503': { fault: 'status', status: 503, body: 'upstream unavailable' },
  dropped: { fault: 'drop' },
  malformed: { fault: 'malformed' },
  hung: { fault: 'hang' },
};

function summary(error: ModelCallError): Record<string, unknown> {
  return {
    kind: error.kind,
    status: error.status,
    retryAfterMs: error.retryAfterMs,
    unreachable: error.unreachable,
    retryable: error.retryable,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (error) {
    return classifyModelError(error, []);
  }
  assert.fail('expected a failure');
}

test('the same reply and, for every fault, the same classification as the openai client', async (t) => {
  const server = await startTestServer({ faultsForRequest: (req) => FAULTS[req.kind === 'completions' ? String(req.body['model']) : ''] });
  t.after(() => server.close());
  // A hung request times out soon; the others get time enough on a loaded machine.
  const timeoutOf = (model: string): number => (model === 'hung' ? 300 : 10_000);
  const endpoint = { provider: 'openai-compatible' as const, baseUrl: server.url };
  const clientFor = (model: string): ReturnType<typeof createOpenAIClient> => createOpenAIClient(endpoint, 'sk-test', timeoutOf(model));
  const targetFor = (model: string): { baseUrl: string; apiKey: string; timeoutMs: number } => ({
    baseUrl: server.url,
    apiKey: 'sk-test',
    timeoutMs: timeoutOf(model),
  });
  const body = (model: string): Record<string, unknown> => ({
    model,
    prompt: ['Q: a\nA: b.', 'Q: a\nA: c.'],
    echo: true,
    logprobs: 1,
    max_tokens: 0,
  });

  const ours = await postJson(targetFor('test-model'), '/completions', body('test-model'));
  const theirs = await clientFor('test-model').post<unknown>('/completions', { body: body('test-model') });
  assert.deepEqual(withoutVolatile(ours), withoutVolatile(theirs));

  for (const model of Object.keys(FAULTS)) {
    const mine = await failureOf(postJson(targetFor(model), '/completions', body(model)));
    const openai = await failureOf(clientFor(model).post('/completions', { body: body(model) }));
    assert.deepEqual(summary(mine), summary(openai), `${model}: ${mine.message} / ${openai.message}`);
    if (model === 'bad-max-tokens') assert.match(mine.message, /max_tokens/, "the server's message is kept (the backend falls back on it)");
  }
});

test('a refused connection is unreachable, a cancelled call is cancelled, as with the openai client', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const address = closed.address();
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  assert.ok(address !== null && typeof address === 'object');
  const baseUrl = `http://127.0.0.1:${address.port}/v1`;
  const client = createOpenAIClient({ provider: 'openai-compatible', baseUrl }, undefined, 1000);
  const mine = await failureOf(postJson({ baseUrl, apiKey: undefined, timeoutMs: 1000 }, '/completions', { model: 'm' }));
  const openai = await failureOf(client.post('/completions', { body: { model: 'm' } }));
  assert.deepEqual(summary(mine), summary(openai));
  assert.equal(mine.unreachable, true);

  const controller = new AbortController();
  controller.abort();
  const cancelled = await failureOf(
    postJson({ baseUrl, apiKey: undefined, timeoutMs: 1000 }, '/completions', { model: 'm' }, controller.signal),
  );
  assert.equal(cancelled.kind, 'cancelled');
});

/** Ids and creation times differ from one reply to the next. */
function withoutVolatile(reply: unknown): unknown {
  const rest = { ...(reply as Record<string, unknown>) };
  delete rest['id'];
  delete rest['created'];
  return rest;
}
