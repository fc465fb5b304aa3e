import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { type ChatRequest } from '../../../src/core/model/chatClient';
import { GgufChat, requestSeed } from '../../../src/core/runtimes/gguf/ggufChat';
import { GgufClient } from '../../../src/core/runtimes/gguf/ggufClient';
import { GgufModel } from '../../../src/core/runtimes/gguf/ggufModel';
import { referenceLogprobs } from '../../fixtures/gguf/llamaReference';
import { EOS_ID, type TinyLlamaWeights, tinyVocabulary, writeTinyLlamaGguf } from '../../fixtures/gguf/tinyLlama';
import { scratchDir } from '../../helpers/scratch';

const MAX_TOKENS = 16;

/** Greedy decoding on the float64 reference: the argmax of each next-token distribution, with its margin over the runner-up. */
function referenceGreedy(weights: TinyLlamaWeights, prompt: readonly number[], maxTokens: number): { tokens: number[]; margins: number[] } {
  const tokens: number[] = [];
  const margins: number[] = [];
  while (tokens.length < maxTokens) {
    const rows = referenceLogprobs(weights, [...prompt, ...tokens]);
    const last = rows.at(-1) ?? [];
    const order = last.map((value, id) => ({ value, id })).sort((a, b) => b.value - a.value);
    const best = order[0];
    if (best === undefined) break;
    margins.push(best.value - (order[1]?.value ?? -Infinity));
    if (best.id === EOS_ID) break;
    tokens.push(best.id);
  }
  return { tokens, margins };
}

/** SentencePiece pieces back to text: the word marker is a space, byte tokens are bytes. */
function detokenize(ids: readonly number[]): string {
  const pieces = tinyVocabulary().tokens;
  const bytes: number[] = [];
  for (const id of ids) {
    const piece = pieces[id] ?? '';
    const byte = /^<0x([0-9A-F]{2})>$/.exec(piece);
    if (byte?.[1] !== undefined) bytes.push(Number.parseInt(byte[1], 16));
    else bytes.push(...Buffer.from(piece.replaceAll('\u2581', ' '), 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

describe('GGUF generation: temperature, top-p and a seed', () => {
  const dir = scratchDir('gguf-sampling');
  const path = join(dir, 'tiny.gguf');
  let weights: TinyLlamaWeights;
  let model: GgufModel;
  let prompt: Parameters<GgufModel['generate']>[0];
  const signal = new AbortController().signal;

  before(async () => {
    weights = writeTinyLlamaGguf(path, 77);
    model = await GgufModel.open({ path, gpuLayers: 0, contextSize: 256, threads: 1 });
    prompt = model.tokenize(model.render([{ role: 'user', content: 'Sino ang nagsulat ng Noli?' }], true) ?? '').tokens;
  });
  after(async () => {
    await model.dispose();
  });

  it('at temperature 0 decodes greedily: the float64 reference argmax at every step, whatever the seed', async () => {
    const expected = referenceGreedy(weights, prompt, MAX_TOKENS);
    assert.ok(Math.min(...expected.margins) > 1e-3, `clear argmaxes (margins ${expected.margins.map((m) => m.toFixed(4)).join(' ')})`);
    const a = await model.generate(prompt, { maxTokens: MAX_TOKENS, temperature: 0, topP: 1, seed: 1 }, signal);
    const b = await model.generate(prompt, { maxTokens: MAX_TOKENS, temperature: 0, topP: 0.5, seed: 987654 }, signal);
    assert.equal(a.tokens, expected.tokens.length);
    assert.ok(a.tokens >= 4, `${a.tokens} tokens decoded`);
    const text = detokenize(expected.tokens);
    assert.ok(a.text === text || a.text === text.replace(/^ /, ''), `greedy ${JSON.stringify(a.text)}, reference ${JSON.stringify(text)}`);
    assert.equal(b.text, a.text);
  });

  it('at temperature 1 repeats the same text for the same seed, and other seeds draw other texts', async () => {
    const options = { maxTokens: MAX_TOKENS, temperature: 1, topP: 1 };
    const greedy = await model.generate(prompt, { ...options, temperature: 0, seed: 0 }, signal);
    const first = await model.generate(prompt, { ...options, seed: 42 }, signal);
    const again = await model.generate(prompt, { ...options, seed: 42 }, signal);
    assert.equal(again.text, first.text);
    assert.equal(again.tokens, first.tokens);
    const others = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6]) others.add((await model.generate(prompt, { ...options, seed }, signal)).text);
    others.add(first.text);
    assert.ok(others.size >= 4, `7 seeds gave ${others.size} distinct texts`);
    assert.ok(
      [...others].some((text) => text !== greedy.text),
      'sampling is not greedy',
    );
  });

  it('with a tiny top-p keeps only the most likely token: greedy again', async () => {
    const greedy = await model.generate(prompt, { maxTokens: MAX_TOKENS, temperature: 0, topP: 1, seed: 0 }, signal);
    for (const seed of [11, 12, 13]) {
      const nucleus = await model.generate(prompt, { maxTokens: MAX_TOKENS, temperature: 1, topP: 1e-6, seed }, signal);
      assert.equal(nucleus.text, greedy.text);
    }
  });

  it("GgufChat passes the request's sampling settings and a seed from the run seed and the request", async (t) => {
    // GgufChat asks the model in its runtime process: the same file there must answer as it does here.
    const served = await GgufClient.open({ path, gpuLayers: 0, contextSize: 256, threads: 1 });
    t.after(() => served.dispose());
    const request = (temperature: number | null, sampleIndex = 0): ChatRequest => ({
      model: 'tiny',
      messages: [{ role: 'user', content: 'Sino ang nagsulat ng Noli?' }],
      params: { temperature, topP: 1, maxTokens: MAX_TOKENS },
      sampleIndex,
    });
    const reply = async (chat: GgufChat, r: ChatRequest): Promise<string> => {
      const outcome = await chat.complete(r, signal);
      assert.equal(outcome.kind, 'reply');
      return outcome.kind === 'reply' ? outcome.reply.content : '';
    };
    const greedy = await model.generate(prompt, { maxTokens: MAX_TOKENS, temperature: 0, topP: 1, seed: 0 }, signal);
    assert.equal(await reply(new GgufChat(served, 5), request(null)), greedy.text, 'no temperature: greedy');
    assert.equal(await reply(new GgufChat(served, 5), request(0)), greedy.text);
    const seeded = await model.generate(
      prompt,
      { maxTokens: MAX_TOKENS, temperature: 1, topP: 1, seed: requestSeed(5, request(1)) },
      signal,
    );
    assert.equal(await reply(new GgufChat(served, 5), request(1)), seeded.text);
    assert.equal(await reply(new GgufChat(served, 5), request(1)), seeded.text, 'a rerun repeats');
    assert.notEqual(requestSeed(5, request(1)), requestSeed(6, request(1)));
    assert.notEqual(requestSeed(5, request(1)), requestSeed(5, request(1, 1)), 'a re-ask draws anew');
  });
});
