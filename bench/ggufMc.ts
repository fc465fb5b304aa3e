import type { Token } from 'node-llama-cpp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GgufBackend } from '../src/core/benchmarks/kalahi/ggufBackend';
import { parseKalahiCsv } from '../src/core/benchmarks/kalahi/dataset';
import { allReferences, kalahiReferences } from '../src/core/benchmarks/kalahi/references';
import { GgufModel } from '../src/core/runtimes/gguf/ggufModel';
import { writeTinyLlamaGguf } from '../test/fixtures/gguf/tinyLlama';
import { type PerScoredTokenCost, measurePerScoredToken } from './ggufPerToken';
import { KALAHI_CSV, scratchDir } from './paths';
import { log, median, round } from './stats';

export interface GgufMcVocabularyResult {
  readonly vocabularySize: number;
  readonly items: number;
  /** Median over items of the backend's seconds per item (render, tokenize, prefix once + each continuation with full-vocabulary probabilities). */
  readonly secondsPerItem: number;
  /** Median over items of llama.cpp evaluating the same distinct tokens once (prefix once + each continuation), no probabilities asked. */
  readonly evaluationSecondsPerItem: number;
  readonly ratio: number;
  /** Where a scored token's time goes: each way the binding reads a distribution, on the first item's longest reference. */
  readonly perScoredToken: PerScoredTokenCost;
}

export interface GgufMcResult {
  readonly threads: number;
  readonly runs: GgufMcVocabularyResult[];
  /** Per scored token only (items would take minutes each), at Llama 3's vocabulary size. */
  readonly largerVocabulary: PerScoredTokenCost;
}

const ITEMS = 12;
/** --quick: items at the padded vocabulary, where each costs tens of seconds. */
const QUICK_PADDED_ITEMS = 4;
const LLAMA3_VOCABULARY = 128_256;

/**
 * Local Kalahi MC on the tiny seeded GGUF (F32, 2 layers, width 32): the backend's time per item against
 * the least llama.cpp needs for the same tokens. Measured at the tiny model's own vocabulary (386) and at
 * a realistic one (32 000, padded), where each scored token's softmax, sort and Map over the vocabulary
 * weigh the most against the tiny network. Then, per scored token, each way the binding can read a
 * distribution, which shows where the time goes.
 */
export async function benchGgufMc(quick: boolean): Promise<GgufMcResult> {
  const all = parseKalahiCsv(readFileSync(KALAHI_CSV, 'utf8'), KALAHI_CSV).slice(0, ITEMS);
  const runs: GgufMcVocabularyResult[] = [];
  let probe: { prefix: Token[]; continuation: Token[] } | undefined; // node-llama-cpp brands its token ids
  for (const vocabularySize of [0, 32_000]) {
    const items = quick && vocabularySize > 0 ? all.slice(0, QUICK_PADDED_ITEMS) : all;
    const path = join(scratchDir('gguf'), 'tiny.gguf');
    writeTinyLlamaGguf(path, 99, { vocabularySize });
    const model = await GgufModel.open({ path, gpuLayers: 0, contextSize: 2048, threads: 1 });
    probe = undefined;
    let measured: Omit<GgufMcVocabularyResult, 'perScoredToken'>;
    try {
      const backend = new GgufBackend(model);
      const signal = new AbortController().signal;
      const ours: number[] = [];
      const floor: number[] = [];
      for (const item of items) {
        const references = allReferences(kalahiReferences(item, true));
        let started = performance.now();
        await backend.score(item.record.prompt, references, signal);
        ours.push((performance.now() - started) / 1000);
        const user = { role: 'user' as const, content: item.record.prompt };
        const prefix = model.tokenize(model.render([user], true) ?? '').tokens;
        const full = references.map((r) => model.tokenize(model.render([user, { role: 'assistant', content: r }], false) ?? '').tokens);
        probe ??= { prefix: prefix as Token[], continuation: full.reduce((a, b) => (b.length > a.length ? b : a)).slice(prefix.length) as Token[] };
        started = performance.now();
        await model.evaluateOnly(prefix, full);
        floor.push((performance.now() - started) / 1000);
      }
      const seconds = median(ours);
      const evaluation = median(floor);
      measured = { vocabularySize: model.vocabularySize, items: items.length, secondsPerItem: round(seconds, 4), evaluationSecondsPerItem: round(evaluation, 4), ratio: round(seconds / evaluation, 2) };
      log(`GGUF MC, vocabulary ${model.vocabularySize}: ${round(seconds, 4)} s per item, llama.cpp alone ${round(evaluation, 4)} s`);
    } finally {
      await model.dispose();
    }
    if (probe === undefined) throw new Error('no item to measure');
    const perScoredToken = await measurePerScoredToken(path, measured.vocabularySize, probe.prefix, probe.continuation);
    logPerScoredToken(perScoredToken);
    runs.push({ ...measured, perScoredToken });
  }
  if (probe === undefined) throw new Error('no item to measure');
  const path = join(scratchDir('gguf'), 'tiny.gguf');
  writeTinyLlamaGguf(path, 99, { vocabularySize: LLAMA3_VOCABULARY });
  const largerVocabulary = await measurePerScoredToken(path, LLAMA3_VOCABULARY, probe.prefix, probe.continuation);
  logPerScoredToken(largerVocabulary);
  return { threads: 1, runs, largerVocabulary };
}

function logPerScoredToken(c: PerScoredTokenCost): void {
  log(
    `  vocabulary ${c.vocabularySize}, per scored token (µs): evaluation ${c.evaluationUs}; + logits read back (argmax) ${c.logitsUs}; ` +
      `+ sort (confidence) ${c.sortUs}; + N-API array and Map (probabilities, the backend's path) ${c.probabilitiesUs}, of which the Map ${c.mapUs}`,
  );
}
