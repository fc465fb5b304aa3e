import type { ControlledEvaluateInputItem, LlamaContextSequence, Token } from 'node-llama-cpp';
import { loadNodeLlamaCpp } from '../src/core/runtimes/gguf/nodeLlamaCpp';
import { median, round } from './stats';

/**
 * Microseconds per scored token of each way node-llama-cpp 3.21.1 reads a position's next-token
 * distribution, all through `sampleToken` (its only native entry point to the logits), each adding one
 * step to the one before: what the backend's path costs and where that cost goes.
 */
export interface PerScoredTokenCost {
  readonly vocabularySize: number;
  readonly scoredTokens: number;
  /** llama.cpp decoding the continuation after the prefix in one call, no output row asked (the bench's floor). */
  readonly evaluationUs: number;
  /** The same with an output row (logits) at every position and the greedy token read back: the cheapest read of a position's logits, one libuv round trip each, no sort. */
  readonly logitsUs: number;
  /** `confidence` only: plus a full sort of the vocabulary in C++ and a softmax; one float back, and only the argmax's. */
  readonly sortUs: number;
  /** `probabilities` (the backend's path): plus an N-API array of 2 × vocabulary numbers and a JS Map of the vocabulary. */
  readonly probabilitiesUs: number;
  /** Of that, the JS Map alone: node-llama-cpp's reviveTokenProbabilities rebuilt on an array of the same size. */
  readonly mapUs: number;
}

const REPETITIONS = 5;
/** Scored tokens timed per mode and repetition: few enough for a 128 000-token vocabulary. */
const MAX_SCORED = 32;
type Mode = 'none' | 'token' | 'confidence' | 'probabilities';

/** Loads the GGUF as the backend does (CPU, flash attention off, F32 KV cache, 1 thread) and times each read mode over `continuation` after `prefix`. */
export async function measurePerScoredToken(
  path: string,
  vocabularySize: number,
  prefix: readonly Token[],
  scored: readonly Token[],
): Promise<PerScoredTokenCost> {
  const continuation = scored.slice(0, MAX_SCORED);
  const lib = await loadNodeLlamaCpp();
  const llama = await lib.getLlama({
    gpu: false,
    build: 'never',
    usePrebuiltBinaries: true,
    progressLogs: false,
    logLevel: lib.LlamaLogLevel.error,
    logger: () => undefined,
  });
  try {
    const model = await llama.loadModel({ modelPath: path, gpuLayers: 0, checkTensors: false });
    const context = await model.createContext({
      contextSize: 2048,
      sequences: 1,
      flashAttention: false,
      experimentalKvCacheKeyType: 'F32',
      experimentalKvCacheValueType: 'F32',
      threads: { ideal: 1, min: 1 },
    });
    const sequence = context.getSequence();
    await sequence.controlledEvaluate([...prefix]);
    const modes: readonly Mode[] = ['none', 'token', 'confidence', 'probabilities'];
    const times = new Map<Mode, number[]>(modes.map((mode) => [mode, []]));
    // Round-robin over the modes, so that a burst of load from other processes falls on each of them alike.
    for (let r = 0; r < REPETITIONS; r++) {
      for (const mode of modes) {
        await rewind(sequence, prefix.length);
        const input = continuation.map((token): ControlledEvaluateInputItem =>
          mode === 'none' ? token : [token, { generateNext: { [mode]: true } }],
        );
        const started = performance.now();
        await sequence.controlledEvaluate(input);
        times.get(mode)?.push(((performance.now() - started) * 1000) / continuation.length);
      }
    }
    const perToken = (mode: Mode): number => round(median(times.get(mode) ?? []), 1);
    const cost: PerScoredTokenCost = {
      vocabularySize,
      scoredTokens: continuation.length,
      evaluationUs: perToken('none'),
      logitsUs: perToken('token'),
      sortUs: perToken('confidence'),
      probabilitiesUs: perToken('probabilities'),
      mapUs: round(mapMicroseconds(vocabularySize), 1),
    };
    await context.dispose();
    await model.dispose();
    return cost;
  } finally {
    await llama.dispose();
  }
}

async function rewind(sequence: LlamaContextSequence, length: number): Promise<void> {
  const end = sequence.nextTokenIndex;
  if (end > length) await sequence.eraseContextTokenRanges([{ start: length, end }]);
}

/** The binding's flat [token, probability, …] array turned into a Map, as its reviveTokenProbabilities does. */
function mapMicroseconds(vocabularySize: number): number {
  const flat: number[] = [];
  for (let token = 0; token < vocabularySize; token++) flat.push(token, 1 / vocabularySize);
  const times: number[] = [];
  for (let r = 0; r < REPETITIONS; r++) {
    const started = performance.now();
    const map = new Map<number, number>();
    for (let i = 1; i < flat.length; i += 2) map.set(flat[i - 1] ?? 0, flat[i] ?? 0);
    times.push((performance.now() - started) * 1000);
    if (map.size !== vocabularySize) throw new Error('the Map lost entries');
  }
  return median(times);
}
