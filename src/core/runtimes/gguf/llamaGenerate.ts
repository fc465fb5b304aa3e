import { CancelledError } from './ggufErrors';
import { type LlamaApi, type NativePointer } from './llamaApi';
import { type LlamaSession } from './llamaSession';
import { type LlamaVocab } from './llamaVocab';
import { type GenerateOptions } from './sampling';

/**
 * llama.cpp's sampler chain for the options: greedy at temperature 0; else top-p, temperature, then a
 * draw seeded once for the whole answer (the chain's generator advances with each token, so the same
 * seed, prompt and settings give the same text). No top-k, no min-p: the whole vocabulary.
 */
function samplerChain(api: LlamaApi, options: GenerateOptions): NativePointer {
  const chain = api.llama_sampler_chain_init({ no_perf: true });
  if (options.temperature <= 0) {
    api.llama_sampler_chain_add(chain, api.llama_sampler_init_greedy());
    return chain;
  }
  if (options.topP < 1) api.llama_sampler_chain_add(chain, api.llama_sampler_init_top_p(options.topP, 1));
  api.llama_sampler_chain_add(chain, api.llama_sampler_init_temp(options.temperature));
  api.llama_sampler_chain_add(chain, api.llama_sampler_init_dist(options.seed >>> 0));
  return chain;
}

/** Decodes from `prompt` until an end-of-generation token or options.maxTokens, one llama_decode per new token. */
export async function generateTokens(
  session: LlamaSession,
  vocab: LlamaVocab,
  prompt: readonly number[],
  options: GenerateOptions,
  signal: AbortSignal,
): Promise<{ readonly tokens: number[]; readonly finishReason: 'stop' | 'length' }> {
  const api = session.api;
  const chain = samplerChain(api, options);
  try {
    session.clear();
    const generated: number[] = [];
    let input = prompt.map((token, pos) => ({ token, pos, seq: 0, output: pos === prompt.length - 1, targets: [] }));
    while (generated.length < options.maxTokens) {
      if (signal.aborted) throw new CancelledError();
      await session.feed(input, signal, false);
      const next = api.llama_sampler_sample(chain, session.context, -1);
      if (next < 0 || vocab.isEndOfGeneration(next)) return { tokens: generated, finishReason: 'stop' };
      generated.push(next);
      input = [{ token: next, pos: prompt.length + generated.length - 1, seq: 0, output: true, targets: [] }];
    }
    return { tokens: generated, finishReason: 'length' };
  } finally {
    api.llama_sampler_free(chain);
    session.clear();
  }
}
