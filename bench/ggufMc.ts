import type { Token } from 'node-llama-cpp';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { GgufBackend } from '../src/core/benchmarks/kalahi/ggufBackend';
import { type KalahiItem, parseKalahiCsv } from '../src/core/benchmarks/kalahi/dataset';
import { allReferences, kalahiReferences } from '../src/core/benchmarks/kalahi/references';
import { GgufClient } from '../src/core/runtimes/gguf/ggufClient';
import { GgufModel } from '../src/core/runtimes/gguf/ggufModel';
import { KERNEL_LOGPROBS_METHOD } from '../src/core/runtimes/gguf/kernelLogSoftmax';
import { defaultThreads } from '../src/core/runtimes/gguf/llamaLoad';
import { writeTinyLlamaGguf } from '../test/fixtures/gguf/tinyLlama';
import { type PerScoredTokenCost, measurePerScoredToken } from './ggufPerToken';
import { KALAHI_CSV, scratchDir } from './paths';
import { log, median, round } from './stats';

export interface GgufMcVocabularyResult {
  readonly vocabularySize: number;
  readonly items: number;
  readonly threads: number;
  /** ggml's SIMD row kernel, or its graph softmax where the CPU backend does not export the kernel. */
  readonly logSoftmax: 'row kernel' | 'graph';
  /** Threads of the log-softmax. */
  readonly softmaxThreads: number;
  /** Median over items of the backend's seconds per item (render, tokenize, the prefix once, the references together, log-probs), through its runtime process as a run does. */
  readonly secondsPerItem: number;
  /** The same work on the same library in this process (GgufModel, no IPC): what the process boundary costs. */
  readonly inProcessSecondsPerItem: number;
  /** secondsPerItem / inProcessSecondsPerItem. */
  readonly ipcRatio: number;
  /** Median over items of llama.cpp evaluating the same tokens in the same decodes with output rows at the scored positions, nothing read back. */
  readonly evaluationSecondsPerItem: number;
  readonly ratio: number;
}

/** Seconds per item with the default settings while another process keeps one core busy, against the same on an idle machine. */
export interface GgufContention {
  readonly vocabularySize: number;
  readonly threads: number;
  readonly idleSecondsPerItem: number;
  readonly busySecondsPerItem: number;
  readonly ratio: number;
}

export interface GgufThreadPoint {
  readonly threads: number;
  readonly idleSecondsPerItem: number;
  readonly busySecondsPerItem: number;
}

export interface GgufMcResult {
  readonly cores: number;
  readonly defaultThreads: number;
  readonly runs: GgufMcVocabularyResult[];
  readonly contention: GgufContention;
  /** At 32 000 tokens, the backend's seconds per item at 1, 2 and all cores' threads, idle and with one core busy. */
  readonly threadSweep: GgufThreadPoint[];
  /** node-llama-cpp 3.21.1's read of a distribution, per scored token, as the tool did before the C API (for the record). */
  readonly oldPath: PerScoredTokenCost[];
}

const ITEMS = 12;
const QUICK_ITEMS = 4;
const VOCABULARIES = [32_000, 128_256] as const;
const SWEEP_VOCABULARY = 32_000;

/**
 * Local Kalahi MC on the tiny seeded GGUF (F32, 2 layers, width 32) padded to realistic vocabularies,
 * where the log-softmax over the vocabulary weighs the most against the tiny network: the backend's time
 * per item against llama.cpp doing the least any log-prob method needs (the same tokens, output rows at
 * the scored positions), through the same library; the default threads under contention; a thread sweep;
 * and node-llama-cpp's old per-token path.
 */
export async function benchGgufMc(quick: boolean): Promise<GgufMcResult> {
  const items = parseKalahiCsv(readFileSync(KALAHI_CSV, 'utf8'), KALAHI_CSV).slice(0, quick ? QUICK_ITEMS : ITEMS);
  const cores = availableParallelism();
  const threads = defaultThreads(cores);
  const runs: GgufMcVocabularyResult[] = [];
  let contention: GgufContention | undefined;
  for (const vocabularySize of VOCABULARIES) {
    const path = modelFile(vocabularySize);
    await withModel(path, null, async (model, client) => {
      const timed = await timeItems(model, client, items, true);
      const seconds = median(timed.ours);
      const evaluation = median(timed.floor);
      const inProcess = median(timed.inProcess);
      runs.push({
        vocabularySize,
        items: items.length,
        threads: model.runtime.threads,
        logSoftmax: model.runtime.logprobs === KERNEL_LOGPROBS_METHOD ? 'row kernel' : 'graph',
        softmaxThreads: model.runtime.softmaxThreads ?? model.runtime.threads,
        secondsPerItem: round(seconds, 4),
        inProcessSecondsPerItem: round(inProcess, 4),
        ipcRatio: round(seconds / inProcess, 3),
        evaluationSecondsPerItem: round(evaluation, 4),
        ratio: round(seconds / evaluation, 2),
      });
      log(
        `GGUF MC, vocabulary ${vocabularySize}, ${model.runtime.threads} thread(s): ${round(seconds, 4)} s per item through the runtime process (in this process ${round(inProcess, 4)} s), llama.cpp evaluating the same ${round(evaluation, 4)} s`,
      );
      if (vocabularySize === SWEEP_VOCABULARY) {
        const busy = median((await whileOneCoreBusy(() => timeItems(model, client, items, false))).ours);
        contention = {
          vocabularySize,
          threads: model.runtime.threads,
          idleSecondsPerItem: round(seconds, 4),
          busySecondsPerItem: round(busy, 4),
          ratio: round(busy / seconds, 2),
        };
        log(`  one core busy, default threads: ${round(busy, 4)} s per item (${contention.ratio}x idle)`);
      }
    });
  }
  const threadSweep: GgufThreadPoint[] = [];
  for (const n of [...new Set([1, 2, cores])]) {
    await withModel(modelFile(SWEEP_VOCABULARY), n, async (model, client) => {
      const idle = median((await timeItems(model, client, items, false)).ours);
      const busy = median((await whileOneCoreBusy(() => timeItems(model, client, items, false))).ours);
      threadSweep.push({ threads: n, idleSecondsPerItem: round(idle, 4), busySecondsPerItem: round(busy, 4) });
      log(`  ${n} thread(s) at ${SWEEP_VOCABULARY}: idle ${round(idle, 4)} s per item, one core busy ${round(busy, 4)} s`);
    });
  }
  const oldPath: PerScoredTokenCost[] = [];
  for (const vocabularySize of VOCABULARIES) {
    const path = modelFile(vocabularySize);
    const probe = await withModel(path, 1, async (model) => probeTokens(model, items[0]));
    const cost = await measurePerScoredToken(path, vocabularySize, probe.prefix, probe.continuation);
    oldPath.push(cost);
    log(
      `  old path (node-llama-cpp probabilities), vocabulary ${vocabularySize}, per scored token (µs): evaluation ${cost.evaluationUs}, probabilities ${cost.probabilitiesUs}`,
    );
  }
  if (contention === undefined) throw new Error('the contention run did not happen');
  return { cores, defaultThreads: threads, runs, contention, threadSweep, oldPath };
}

function modelFile(vocabularySize: number): string {
  const path = join(scratchDir('gguf'), `tiny-${vocabularySize}.gguf`);
  writeTinyLlamaGguf(path, 99, { vocabularySize });
  return path;
}

/** The model in this process (the floor, tokens) and in a runtime process of its own (the tool, as a run uses it). */
async function withModel<T>(path: string, threads: number | null, use: (model: GgufModel, client: GgufClient) => Promise<T>): Promise<T> {
  const options = { path, gpuLayers: 0, contextSize: 2048, threads } as const;
  const model = await GgufModel.open(options);
  try {
    const client = await GgufClient.open(options);
    try {
      return await use(model, client);
    } finally {
      await client.dispose();
    }
  } finally {
    await model.dispose();
  }
}

/**
 * The backend's seconds for each item (through the runtime process) and, with `floor`, llama.cpp's for
 * the same tokens and the backend's work in this process (no IPC), alternated item by item. Whichever of
 * the three runs first on an item's tokens pays about 10 ms more than the next (measured 2026-12-06 at
 * load 0.6: llama.cpp 121 ms first, 94–97 ms after), so the order rotates from item to item and each side
 * runs first on a third of the items.
 */
async function timeItems(
  model: GgufModel,
  client: GgufClient,
  items: readonly KalahiItem[],
  floor: boolean,
): Promise<{ ours: number[]; floor: number[]; inProcess: number[] }> {
  const backend = new GgufBackend(client);
  const signal = new AbortController().signal;
  const times = { ours: [] as number[], floor: [] as number[], inProcess: [] as number[] };
  const timed = async (into: number[], work: () => Promise<unknown>): Promise<void> => {
    const started = performance.now();
    await work();
    into.push((performance.now() - started) / 1000);
  };
  for (const [index, item] of items.entries()) {
    const references = allReferences(kalahiReferences(item, true));
    const ours = (): Promise<void> => timed(times.ours, () => backend.score(item.record.prompt, references, signal));
    if (!floor) {
      await ours();
      continue;
    }
    const inProcess = (): Promise<void> =>
      timed(times.inProcess, () => {
        const { prefix, full } = itemTokens(model, item, references);
        return model.scoreAfterPrefix(prefix, full, signal);
      });
    const { prefix, full } = itemTokens(model, item, references);
    const evaluation = (): Promise<void> => timed(times.floor, () => model.evaluateOnly(prefix, full));
    const sides = [ours, inProcess, evaluation];
    for (let k = 0; k < sides.length; k++) await sides[(index + k) % sides.length]?.();
  }
  return times;
}

function itemTokens(model: GgufModel, item: KalahiItem, references: readonly string[]): { prefix: number[]; full: number[][] } {
  const user = { role: 'user' as const, content: item.record.prompt };
  const prefix = model.tokenize(model.render([user], true) ?? '').tokens;
  return {
    prefix,
    full: references.map((r) => model.tokenize(model.render([user, { role: 'assistant', content: r }], false) ?? '').tokens),
  };
}

// node-llama-cpp brands its token ids; these come from the same vocabulary.
function probeTokens(model: GgufModel, item: KalahiItem | undefined): { prefix: Token[]; continuation: Token[] } {
  if (item === undefined) throw new Error('no item to measure');
  const { prefix, full } = itemTokens(model, item, allReferences(kalahiReferences(item, true)));
  const longest = full.reduce((a, b) => (b.length > a.length ? b : a));
  return { prefix: prefix as Token[], continuation: longest.slice(prefix.length) as Token[] };
}

/** Runs `work` while a child process spins on one core (started first, given a moment to be scheduled, then ended by its pid). */
async function whileOneCoreBusy<T>(work: () => Promise<T>): Promise<T> {
  const child: ChildProcess = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    await new Promise((r) => setTimeout(r, 200));
    return await work();
  } finally {
    child.kill('SIGKILL');
  }
}
