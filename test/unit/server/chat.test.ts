import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI, { AzureOpenAI } from 'openai';
import { startTestServer, type TestServer } from '../../server';

const apiKey = 'sk-test-chat-0123456789';

describe('test server: chat completions', () => {
  let server: TestServer;
  let client: OpenAI;
  before(async () => {
    server = await startTestServer({ script: (req) => ({ content: `echo: ${req.userText}` }) });
    client = new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0 });
  });
  after(async () => {
    await server.close();
  });

  test('answers a ChatCompletion with usage and the request model', async () => {
    const completion = await client.chat.completions.create({
      model: 'my-model',
      messages: [{ role: 'user', content: 'Magandang umaga po' }],
    });
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.model, 'my-model');
    assert.equal(completion.system_fingerprint, 'fp_test');
    assert.match(completion.id, /^chatcmpl-/);
    assert.equal(completion.choices.length, 1);
    assert.equal(completion.choices[0]?.message.content, 'echo: Magandang umaga po');
    assert.equal(completion.choices[0]?.finish_reason, 'stop');
    const usage = completion.usage;
    assert.ok(usage !== undefined);
    assert.ok(usage.prompt_tokens > 0 && usage.completion_tokens > 0);
    assert.equal(usage.total_tokens, usage.prompt_tokens + usage.completion_tokens);

    const again = await client.chat.completions.create({
      model: 'my-model',
      messages: [{ role: 'user', content: 'Magandang umaga po' }],
    });
    assert.deepEqual(again.usage, usage);
  });

  test('cuts the content at max_tokens with finish_reason length', async () => {
    const completion = await client.chat.completions.create({
      model: 'm',
      max_tokens: 2,
      messages: [{ role: 'user', content: 'one two three four' }],
    });
    assert.equal(completion.choices[0]?.message.content, 'echo:');
    assert.equal(completion.choices[0]?.finish_reason, 'length');
    assert.equal(completion.usage?.completion_tokens, 2);
  });

  test('records requests without storing the key', async () => {
    server.reset();
    await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    assert.equal(server.requests.length, 1);
    const record = server.requests[0];
    assert.ok(record !== undefined);
    assert.equal(record.method, 'POST');
    assert.equal(record.path, '/v1/chat/completions');
    assert.equal(record.kind, 'chat');
    assert.equal(record.status, 200);
    assert.equal(record.hadApiKey, true);
    assert.equal(record.attempt, 0);
    assert.equal(record.headers['authorization'], undefined);
    assert.deepEqual(record.body, { model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    assert.ok(!JSON.stringify(server.requests).includes(apiKey));
    assert.deepEqual(server.counts, { '200': 1 });
    server.reset();
    assert.equal(server.requests.length, 0);
  });

  test('rejects invalid bodies and stream with an OpenAI-style 400', async () => {
    await assert.rejects(
      client.chat.completions.create({ model: 'm', messages: [] }),
      (err: unknown) => err instanceof OpenAI.BadRequestError && err.param === 'messages',
    );
    await assert.rejects(
      client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true }),
      (err: unknown) => err instanceof OpenAI.BadRequestError && err.param === 'stream',
    );
    const res = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: '{not json' });
    assert.equal(res.status, 400);
    const body = (await res.json()) as { error: { type: string } };
    assert.equal(body.error.type, 'invalid_request_error');
  });

  test('unknown paths get 404', async () => {
    await assert.rejects(client.embeddings.create({ model: 'm', input: 'x' }), (err: unknown) => err instanceof OpenAI.NotFoundError);
  });

  test('GET /v1/models lists the models seen', async () => {
    const models = await client.models.list();
    const ids = models.data.map((m) => m.id);
    assert.ok(ids.includes('my-model') && ids.includes('m'));
  });

  test('runtime configure changes the script', async () => {
    server.configure({ script: () => ({ content: 'changed', model: 'served-model', systemFingerprint: null }) });
    const completion = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    assert.equal(completion.choices[0]?.message.content, 'changed');
    assert.equal(completion.model, 'served-model');
    assert.equal(completion.system_fingerprint, undefined);
  });
});

describe('test server: API key and Azure', () => {
  test('requireApiKey answers 401 to a wrong key', async () => {
    const server = await startTestServer({ requireApiKey: apiKey });
    try {
      const wrong = new OpenAI({ apiKey: 'sk-test-wrong', baseURL: server.url, maxRetries: 0 });
      await assert.rejects(
        wrong.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
        (err: unknown) => err instanceof OpenAI.AuthenticationError && err.code === 'invalid_api_key',
      );
      const right = new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0 });
      const ok = await right.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
      assert.equal(ok.choices.length, 1);
      assert.deepEqual(server.counts, { '401': 1, '200': 1 });
      assert.ok(!JSON.stringify(server.requests).includes('sk-test-wrong'));
    } finally {
      await server.close();
    }
  });

  test('the Azure deployment path works through AzureOpenAI', async () => {
    const server = await startTestServer({ requireApiKey: apiKey, script: (req) => ({ content: `deployment ${req.deployment ?? '-'}` }) });
    try {
      const azure = new AzureOpenAI({
        endpoint: server.origin,
        apiKey,
        deployment: 'gpt-4o-test',
        apiVersion: '2024-10-21',
        maxRetries: 0,
      });
      const completion = await azure.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] });
      assert.equal(completion.choices[0]?.message.content, 'deployment gpt-4o-test');
      assert.equal(completion.model, 'gpt-4o');
      const record = server.requests[0];
      assert.equal(record?.path, '/openai/deployments/gpt-4o-test/chat/completions');
      assert.equal(record?.query['api-version'], '2024-10-21');
      assert.equal(record?.hadApiKey, true);
      assert.equal(record?.headers['api-key'], undefined);

      const lp = await azure.completions.create({ model: 'gpt-4o', prompt: 'Oo po', echo: true, logprobs: 1, max_tokens: 0 });
      assert.equal(lp.choices[0]?.text, 'Oo po');
      assert.equal(server.requests[1]?.path, '/openai/deployments/gpt-4o-test/completions');
    } finally {
      await server.close();
    }
  });

  test('an Azure path without api-version is not found', async () => {
    const server = await startTestServer();
    try {
      const res = await fetch(`${server.origin}/openai/deployments/d/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }),
      });
      assert.equal(res.status, 404);
      await res.body?.cancel();
    } finally {
      await server.close();
    }
  });
});
