import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startTestServer, type ScriptedReply, type TestServerOptions } from '../../server';

const apiKey = 'sk-test-faults';
const messages = [{ role: 'user' as const, content: 'Kumusta?' }];

async function withServer(
  options: TestServerOptions,
  run: (client: OpenAI, server: Awaited<ReturnType<typeof startTestServer>>) => Promise<void>,
): Promise<void> {
  const server = await startTestServer(options);
  try {
    await run(new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0, timeout: 5000 }), server);
  } finally {
    await server.close();
  }
}

function scripted(reply: ScriptedReply): TestServerOptions {
  return { script: () => reply };
}

describe('scripted faults seen by the openai client', () => {
  test('status 429 carries retry-after and retry-after-ms', async () => {
    await withServer({ faults: { seed: 1, rate429: 1, retryAfterSeconds: 0.25 } }, async (client, server) => {
      await assert.rejects(client.chat.completions.create({ model: 'm', messages }), (err: unknown) => {
        assert.ok(err instanceof OpenAI.RateLimitError);
        assert.equal(err.status, 429);
        assert.equal(err.headers?.get('retry-after'), '1');
        assert.equal(err.headers?.get('retry-after-ms'), '250');
        assert.equal(err.code, 'rate_limit_exceeded');
        return true;
      });
      assert.equal(server.requests[0]?.fault, 'status');
    });
  });

  test('retryAfterSeconds null sends no Retry-After', async () => {
    await withServer({ faults: { seed: 1, rate429: 1, retryAfterSeconds: null } }, async (client) => {
      await assert.rejects(client.chat.completions.create({ model: 'm', messages }), (err: unknown) => {
        assert.ok(err instanceof OpenAI.RateLimitError);
        assert.equal(err.headers?.get('retry-after'), null);
        assert.equal(err.headers?.get('retry-after-ms'), null);
        return true;
      });
    });
  });

  test('status 500 with custom body and headers', async () => {
    await withServer(
      scripted({
        fault: 'status',
        status: 503,
        body: { error: { message: 'overloaded', type: 'server_error', param: null, code: 'busy' } },
        headers: { 'x-extra': 'yes' },
      }),
      async (client) => {
        await assert.rejects(client.chat.completions.create({ model: 'm', messages }), (err: unknown) => {
          assert.ok(err instanceof OpenAI.InternalServerError);
          assert.equal(err.status, 503);
          assert.equal(err.code, 'busy');
          assert.equal(err.headers?.get('x-extra'), 'yes');
          return true;
        });
      },
    );
    await withServer({ faults: { seed: 3, rate500: 1 } }, async (client) => {
      await assert.rejects(
        client.chat.completions.create({ model: 'm', messages }),
        (err: unknown) => err instanceof OpenAI.InternalServerError && err.status === 500,
      );
    });
  });

  test('drop is a connection error', async () => {
    await withServer(scripted({ fault: 'drop' }), async (client, server) => {
      await assert.rejects(client.chat.completions.create({ model: 'm', messages }), (err: unknown) => {
        assert.ok(err instanceof OpenAI.APIConnectionError);
        assert.ok(!(err instanceof OpenAI.APIConnectionTimeoutError));
        return true;
      });
      assert.equal(server.requests[0]?.status, 'dropped');
    });
  });

  test('malformed is a 200 whose body is not JSON', async () => {
    await withServer(scripted({ fault: 'malformed' }), async (client, server) => {
      await assert.rejects(client.chat.completions.create({ model: 'm', messages }), (err: unknown) => err instanceof SyntaxError);
      assert.equal(server.requests[0]?.status, 200);
      assert.equal(server.requests[0]?.fault, 'malformed');
    });
  });

  test('empty-choices is a 200 with no choices', async () => {
    await withServer(scripted({ fault: 'empty-choices' }), async (client) => {
      const c = await client.chat.completions.create({ model: 'm', messages });
      assert.deepEqual(c.choices, []);
    });
  });

  test('content-filter is a 400 with code content_filter', async () => {
    await withServer(
      { faults: { seed: 0, contentFilterWhen: (req) => req.kind === 'chat' && req.userText.includes('bawal') } },
      async (client) => {
        await assert.rejects(
          client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'bawal ito' }] }),
          (err: unknown) => err instanceof OpenAI.BadRequestError && err.code === 'content_filter' && err.param === 'prompt',
        );
        const ok = await client.chat.completions.create({ model: 'm', messages });
        assert.equal(ok.choices.length, 1);
      },
    );
  });

  test('hang never answers: the client timeout fires, close() still returns', async () => {
    await withServer(scripted({ fault: 'hang' }), async (_client, server) => {
      const client = new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0, timeout: 200 });
      const started = Date.now();
      await assert.rejects(
        client.chat.completions.create({ model: 'm', messages }),
        (err: unknown) => err instanceof OpenAI.APIConnectionTimeoutError,
      );
      assert.ok(Date.now() - started < 2000);
      assert.equal(server.requests[0]?.status, 'hung');
    });
  });

  test('latency past the client timeout records the request as aborted', async () => {
    await withServer({ latencyMs: 300 }, async (_client, server) => {
      const client = new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0, timeout: 100 });
      await assert.rejects(
        client.chat.completions.create({ model: 'm', messages }),
        (err: unknown) => err instanceof OpenAI.APIConnectionTimeoutError,
      );
      await server.waitForIdle();
      assert.equal(server.requests[0]?.status, 'aborted');
      server.setLatencyMs(0);
      const ok = await client.chat.completions.create({ model: 'm', messages });
      assert.equal(ok.choices.length, 1);
    });
  });

  test('a script that throws becomes a 500', async () => {
    const options: TestServerOptions = {
      script: () => {
        throw new Error('boom');
      },
    };
    await withServer(options, async (client) => {
      await assert.rejects(
        client.chat.completions.create({ model: 'm', messages }),
        (err: unknown) => err instanceof OpenAI.InternalServerError && /boom/.test(err.message),
      );
    });
  });
});

describe('per-request and random faults', () => {
  test('faultsForRequest fails the first 2 attempts of one exact request; retries then succeed', async () => {
    const options: TestServerOptions = {
      faultsForRequest: (req, attempt) =>
        req.kind === 'chat' && req.userText === 'fail twice' && attempt < 2
          ? { fault: 'status', status: 500, headers: { 'retry-after-ms': '5' } }
          : undefined,
    };
    await withServer(options, async (_c, server) => {
      const client = new OpenAI({ apiKey, baseURL: server.url, maxRetries: 2 });
      const c = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'fail twice' }] });
      assert.equal(c.choices.length, 1);
      assert.deepEqual(
        server.requests.map((r) => [r.status, r.attempt]),
        [
          [500, 0],
          [500, 1],
          [200, 2],
        ],
      );
      const other = await client.chat.completions.create({ model: 'm', messages });
      assert.equal(other.choices.length, 1);
      assert.deepEqual(server.counts, { '500': 2, '200': 2 });
    });
  });

  test('completions get faults too', async () => {
    await withServer(
      { faultsForRequest: (req) => (req.kind === 'completions' ? { fault: 'content-filter' } : undefined) },
      async (client) => {
        await assert.rejects(
          client.completions.create({ model: 'm', prompt: 'x', echo: true, logprobs: 1, max_tokens: 0 }),
          (err: unknown) => err instanceof OpenAI.BadRequestError && err.code === 'content_filter',
        );
      },
    );
  });

  test('random faults are deterministic per request and roughly at their rates', async () => {
    const faults = { seed: 42, rate429: 0.1, retryAfterSeconds: 0, rate500: 0.1, rateDrop: 0.1, rateMalformed: 0.1, rateEmptyChoices: 0.1 };
    const outcomes = async (): Promise<string[]> => {
      const server = await startTestServer({ faults, script: () => ({ content: 'ok' }) });
      try {
        const client = new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0 });
        // Concurrent: the outcome of a request must not depend on arrival order.
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: `item ${i}` }] }).then(
              (c) => (c.choices.length === 0 ? 'empty' : 'ok'),
              (err: unknown) =>
                err instanceof OpenAI.APIError && err.status !== undefined
                  ? String(err.status)
                  : err instanceof OpenAI.APIConnectionError
                    ? 'drop'
                    : 'malformed',
            ),
          ),
        );
        return results;
      } finally {
        await server.close();
      }
    };
    const a = await outcomes();
    const b = await outcomes();
    assert.deepEqual(a, b);
    for (const kind of ['429', '500', 'drop', 'malformed', 'empty']) {
      const n = a.filter((x) => x === kind).length;
      assert.ok(n >= 2 && n <= 25, `${kind}: ${n}`);
    }
    const ok = a.filter((x) => x === 'ok').length;
    assert.ok(ok >= 30 && ok <= 70, `ok: ${ok}`);
  });
});
