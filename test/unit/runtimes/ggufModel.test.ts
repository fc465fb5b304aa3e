import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { GgufModel } from '../../../src/core/runtimes/gguf/ggufModel';
import { referenceTokenLogprobs } from '../../fixtures/gguf/llamaReference';
import { BOS_ID, EOS_ID, type TinyLlamaWeights, writeTinyLlamaGguf } from '../../fixtures/gguf/tinyLlama';
import { scratchDir } from '../../helpers/scratch';

describe('GGUF model in llama.cpp against a float64 reference forward pass', () => {
  const dir = scratchDir('gguf-model');
  const path = join(dir, 'tiny.gguf');
  let weights: TinyLlamaWeights;
  let model: GgufModel;

  before(async () => {
    weights = writeTinyLlamaGguf(path, 1234);
    model = await GgufModel.open({ path, gpuLayers: 0, contextSize: 512, threads: 1 });
  });
  after(async () => {
    await model.dispose();
  });

  it('renders the template with one BOS, parses special tokens, and scores every token after the prefix within 1e-3', async () => {
    const user = { role: 'user' as const, content: 'Ano ang kahulugan ng bayanihan?' };
    const prefixText = model.render([user], true);
    assert.equal(prefixText, '<s><|im_start|>user\nAno ang kahulugan ng bayanihan?<|im_end|>\n<|im_start|>assistant\n');
    const prefix = model.tokenize(prefixText ?? '');
    assert.equal(prefix.bos, 'template');
    assert.deepEqual(
      prefix.tokens.filter((t) => t === BOS_ID),
      [BOS_ID],
      'BOS exactly once',
    );
    assert.equal(prefix.tokens[1], 3, '<|im_start|> parsed as its special token');
    const references = ['Pagtutulungan ng mga tao.', 'Isang uri ng pagkain ñ.'];
    const full = references.map(
      (reference) => model.tokenize(model.render([user, { role: 'assistant', content: reference }], false) ?? '').tokens,
    );
    const scored = await model.scoreAfterPrefix(prefix.tokens, full, new AbortController().signal);
    assert.equal(scored.length, 2);
    for (const result of scored) {
      assert.equal(result.scoredFrom, prefix.tokens.length);
      assert.deepEqual(result.tokens.slice(0, result.scoredFrom), prefix.tokens);
      assert.equal(result.tokens.at(-2), EOS_ID, '<|im_end|> is among the scored tokens');
      assert.equal(result.logprobs.length, result.tokens.length - result.scoredFrom);
      assert.deepEqual(result.underflowed, []);
      const expected = referenceTokenLogprobs(weights, result.tokens, result.scoredFrom);
      result.logprobs.forEach((value, i) => {
        assert.ok(Math.abs(value - (expected[i] ?? Number.NaN)) < 1e-3, `token ${i}: llama.cpp ${value}, reference ${expected[i]}`);
      });
    }
    assert.ok(scored[0]?.logprobs.some((v, i) => v !== scored[1]?.logprobs[i]));
  });
});
