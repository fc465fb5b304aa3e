import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { generatedTokens, startTestServer, tokenId, tokenize, tokenLogprob, type TestServer, type TestServerOptions } from '../../server';

const apiKey = 'sk-test-completions';

const prompts = [
  'Ano ang dapat gawin kapag may nakatatanda? Sagot: Magmano sa kanila.',
  'Tanong:\r\nPaano  magpasalamat?\n\tSagot: "Salamat po!"  ',
  '日本の妖怪で、川に住むものはどれか。河童',
  'Emoji 😀 ay hindi salita 👍🏽, pero ok.',
];

async function withServer(options: TestServerOptions, run: (client: OpenAI, server: TestServer) => Promise<void>): Promise<void> {
  const server = await startTestServer(options);
  try {
    await run(new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0 }), server);
  } finally {
    await server.close();
  }
}

function logprobsOf(choice: OpenAI.Completions.CompletionChoice | undefined): NonNullable<OpenAI.Completions.CompletionChoice['logprobs']> {
  assert.ok(choice?.logprobs);
  return choice.logprobs;
}

describe('completions with echo and logprobs', () => {
  let server: TestServer;
  let client: OpenAI;
  before(async () => {
    server = await startTestServer();
    client = new OpenAI({ apiKey, baseURL: server.url, maxRetries: 0 });
  });
  after(async () => {
    await server.close();
  });

  test('echoed tokens concatenate to the prompt, offsets and logprobs are right', async () => {
    for (const prompt of prompts) {
      const res = await client.completions.create({ model: 'm', prompt, echo: true, logprobs: 1, max_tokens: 0 });
      assert.equal(res.object, 'text_completion');
      const choice = res.choices[0];
      assert.equal(choice?.text, prompt);
      assert.equal(choice?.index, 0);
      const lp = logprobsOf(choice);
      const tokens = lp.tokens ?? [];
      assert.equal(tokens.join(''), prompt);
      assert.deepEqual(tokens, tokenize(prompt));
      let at = 0;
      tokens.forEach((tok, i) => {
        assert.equal(lp.text_offset?.[i], at);
        assert.ok(prompt.startsWith(tok, at));
        at += tok.length;
        const value = lp.token_logprobs?.[i];
        if (i === 0) {
          assert.equal(value, null);
        } else {
          assert.equal(value, tokenLogprob(prompt.slice(0, at - tok.length), tok));
          assert.ok(typeof value === 'number' && value < 0 && value >= -4.05);
          assert.equal(lp.top_logprobs?.[i]?.[tok], value);
        }
      });
      assert.equal(res.usage?.prompt_tokens, tokens.length);
      assert.equal(res.usage?.completion_tokens, 0);
    }
  });

  test('the score of a continuation depends on the prompt before it', async () => {
    const cont = ' Magmano sa kanila.';
    const a = await client.completions.create({ model: 'm', prompt: 'Tanong A?' + cont, echo: true, logprobs: 1, max_tokens: 0 });
    const b = await client.completions.create({ model: 'm', prompt: 'Tanong B?' + cont, echo: true, logprobs: 1, max_tokens: 0 });
    const tail = (r: OpenAI.Completions.Completion): (number | null)[] => {
      const lp = logprobsOf(r.choices[0]);
      return (lp.token_logprobs ?? []).filter((_, i) => (lp.text_offset?.[i] ?? 0) >= 'Tanong A?'.length);
    };
    assert.equal(tail(a).length, tokenize(cont).length);
    assert.notDeepEqual(tail(a), tail(b));
  });

  test('a prompt list gets one choice per prompt, in order', async () => {
    const res = await client.completions.create({ model: 'm', prompt: prompts, echo: true, logprobs: 2, max_tokens: 0 });
    assert.equal(res.choices.length, prompts.length);
    res.choices.forEach((c, i) => {
      assert.equal(c.index, i);
      assert.equal(c.text, prompts[i]);
      assert.equal(logprobsOf(c).tokens?.join(''), prompts[i]);
      const second = logprobsOf(c).top_logprobs?.[1];
      assert.equal(Object.keys(second ?? {}).length, 2);
    });
  });

  test('without echo the text is the generation and logprobs follow the prompt', async () => {
    const prompt = prompts[0] ?? '';
    const res = await client.completions.create({ model: 'm', prompt, logprobs: 1, max_tokens: 5 });
    const choice = res.choices[0];
    const expected = generatedTokens(prompt, 5, 0);
    assert.equal(choice?.text, expected.tokens.join(''));
    assert.equal(choice?.finish_reason, expected.cut ? 'length' : 'stop');
    const lp = logprobsOf(choice);
    const text = choice?.text ?? '';
    lp.tokens?.forEach((tok, i) => {
      const offset = lp.text_offset?.[i] ?? -1;
      assert.equal(lp.token_logprobs?.[i], tokenLogprob(prompt + text.slice(0, offset), tok));
    });
    const plain = await client.completions.create({ model: 'm', prompt, max_tokens: 3 });
    assert.equal(plain.choices[0]?.logprobs, null);
    assert.equal(plain.usage?.completion_tokens, 3);
  });

  test('vLLM prompt_logprobs and /tokenize', async () => {
    const prompt = 'Salamat po sa inyo.';
    const res = await fetch(`${server.url}/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', prompt, max_tokens: 1, prompt_logprobs: 0 }),
    });
    const body = (await res.json()) as {
      choices: { prompt_logprobs: (Record<string, { logprob: number; decoded_token: string }> | null)[] }[];
    };
    const pl = body.choices[0]?.prompt_logprobs ?? [];
    const toks = tokenize(prompt);
    assert.equal(pl.length, toks.length);
    assert.equal(pl[0], null);
    const second = pl[1]?.[String(tokenId(toks[1] ?? ''))];
    assert.equal(second?.decoded_token, toks[1]);
    assert.equal(second?.logprob, tokenLogprob(toks[0] ?? '', toks[1] ?? ''));

    const tk = await fetch(`${server.origin}/tokenize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', prompt, return_token_strs: true }),
    });
    const tkBody = (await tk.json()) as { count: number; max_model_len: number; tokens: number[]; token_strs: string[] };
    assert.equal(tkBody.count, toks.length);
    assert.deepEqual(tkBody.token_strs, toks);
    assert.deepEqual(tkBody.tokens, toks.map(tokenId));
    assert.equal(tkBody.max_model_len, 8192);
    const bad = await fetch(`${server.origin}/tokenize`, { method: 'POST', body: JSON.stringify({ model: 'm' }) });
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
  });

  test('invalid completion bodies get 400', async () => {
    await assert.rejects(
      client.completions.create({ model: 'm', prompt: 'x', max_tokens: -1 }),
      (err: unknown) => err instanceof OpenAI.BadRequestError && err.param === 'max_tokens',
    );
  });
});

describe('completions options', () => {
  test('refuseMaxTokensZero: 400 on 0, then 1 generated token appended', async () => {
    await withServer({ completions: { refuseMaxTokensZero: true } }, async (client) => {
      const prompt = prompts[1] ?? '';
      await assert.rejects(
        client.completions.create({ model: 'm', prompt, echo: true, logprobs: 1, max_tokens: 0 }),
        (err: unknown) => err instanceof OpenAI.BadRequestError && err.param === 'max_tokens',
      );
      const res = await client.completions.create({ model: 'm', prompt, echo: true, logprobs: 1, max_tokens: 1 });
      const choice = res.choices[0];
      const lp = logprobsOf(choice);
      const promptTokens = tokenize(prompt);
      assert.equal(lp.tokens?.length, promptTokens.length + 1);
      assert.ok(choice?.text.startsWith(prompt) && choice.text.length > prompt.length);
      assert.equal(lp.text_offset?.[promptTokens.length], prompt.length);
      assert.equal(choice?.finish_reason, 'length');
      assert.equal(res.usage?.completion_tokens, 1);
    });
  });

  test('acceptPromptList false: 400 on an array prompt', async () => {
    await withServer({ completions: { acceptPromptList: false } }, async (client) => {
      await assert.rejects(
        client.completions.create({ model: 'm', prompt: ['a', 'b'], echo: true, logprobs: 1, max_tokens: 0 }),
        (err: unknown) => err instanceof OpenAI.BadRequestError && err.param === 'prompt',
      );
      const res = await client.completions.create({ model: 'm', prompt: 'a', echo: true, logprobs: 1, max_tokens: 0 });
      assert.equal(res.choices.length, 1);
    });
  });

  test('logprobsMode none, nulls and constant', async () => {
    const prompt = 'Isa ang mga';
    const run = async (mode: 'none' | 'nulls' | 'constant'): Promise<OpenAI.Completions.CompletionChoice | undefined> => {
      let choice: OpenAI.Completions.CompletionChoice | undefined;
      await withServer({ completions: { logprobsMode: mode } }, async (client) => {
        choice = (await client.completions.create({ model: 'm', prompt, echo: true, logprobs: 1, max_tokens: 0 })).choices[0];
      });
      return choice;
    };
    assert.equal((await run('none'))?.logprobs, null);
    assert.deepEqual(logprobsOf(await run('nulls')).token_logprobs, [null, null, null]);
    assert.deepEqual(logprobsOf(await run('constant')).token_logprobs, [null, -1, -1]);
  });

  test('textOffsetUnit codepoint counts astral characters once', async () => {
    const prompt = '😀 ay 👍 ok';
    await withServer({ completions: { textOffsetUnit: 'codepoint' } }, async (client) => {
      const lp = logprobsOf((await client.completions.create({ model: 'm', prompt, echo: true, logprobs: 1, max_tokens: 0 })).choices[0]);
      assert.deepEqual(lp.tokens, ['😀', ' ay', ' 👍', ' ok']);
      assert.deepEqual(lp.text_offset, [0, 1, 4, 6]);
    });
    await withServer({}, async (client) => {
      const lp = logprobsOf((await client.completions.create({ model: 'm', prompt, echo: true, logprobs: 1, max_tokens: 0 })).choices[0]);
      assert.deepEqual(lp.text_offset, [0, 2, 5, 8]);
    });
  });
});
