import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseKalahiCsv } from '../src/core/benchmarks/kalahi/dataset';
import { kalahiReferences } from '../src/core/benchmarks/kalahi/references';
import { createBertScore } from '../src/core/metrics/neural/bertScore';
import { createBleurt } from '../src/core/metrics/neural/bleurt';
import { type NeuralMetric } from '../src/core/metrics/neural/neuralMetric';
import { pyStrip } from '../src/core/metrics/pythonText';
import { readModelFolder } from '../src/core/runtimes/onnx/modelFolder';
import { loadModelTokenizer } from '../src/core/runtimes/onnx/modelTokenizer';
import { type BenchItem, type Timed, bareForward, recordForwardPasses, scoreItems, timed } from './neuralForward';
import { type WideModels, makeWideModels } from './neuralWide';
import { KALAHI_CSV, REPO_ROOT } from './paths';
import { type ThreadCpuSplit, splitThreadCpu, threadCpuMs } from './threadCpu';
import { log, median, round, since } from './stats';

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'neural');
const TARGET_RATIO = 1.3;
const WIDE_ITEMS = 30;

export interface NeuralSpeed {
  readonly pairs: number;
  readonly pairsPerSecond: number;
  /** The tool's time (tokenizing, batching, matching, caching) over the bare ONNX forward passes of the same batches. */
  readonly toolOverForwardPasses: number;
  /** The same in CPU time of the whole process (the JS thread and ONNX Runtime's threads): the work, whatever the wait. */
  readonly toolOverForwardPassesCpu: number;
  /** Per pass (median): the tool's whole time, the bare forward passes, and tokenizing each distinct text once, alone. */
  readonly toolMs: number;
  readonly forwardMs: number;
  readonly tokenizeMs: number;
  /**
   * The time the tool's JS thread was busy (tokenizing, batching, matching, messages; the forward passes run on
   * a thread of their own) over the bare passes: with the session's thread, the larger of the two bounds the tool.
   */
  readonly jsThreadOverForwardPasses: number;
  /** Where the tool's CPU time went, per pass, beside the bare passes' (null where /proc/self/task is not there). */
  readonly threadCpu: ThreadCpuPerPass | null;
  /**
   * The tool's CPU time over every core of the machine, against the bare passes' wall: what no arrangement of
   * threads can go under here, since the tool's work is that much CPU whichever thread does it.
   */
  readonly allCoresFloor: number;
  readonly cores: number;
  readonly batches: number;
  readonly sequences: number;
  readonly target: string;
  readonly met: boolean;
}

export interface ThreadCpuPerPass {
  readonly jsThreadMs: number;
  /** The session's thread and any thread ONNX Runtime started for it. */
  readonly sessionThreadMs: number;
  /** Node's and V8's own threads: garbage collection and compilation helpers, libuv's pool. */
  readonly otherThreadsMs: number;
  /** The bare passes' CPU time, every thread (median). */
  readonly bareForwardMs: number;
  readonly passes: number;
}

/** Means, not medians: /proc counts in ticks of 10 ms, which a mean over the passes resolves and a median does not. */
function threadCpuPerPass(splits: readonly ThreadCpuSplit[], bareForwardMs: number): ThreadCpuPerPass | null {
  if (splits.length === 0) return null;
  const mean = (pick: (split: ThreadCpuSplit) => number): number =>
    round(splits.reduce((sum, split) => sum + pick(split), 0) / splits.length, 0);
  return {
    jsThreadMs: mean((s) => s.jsThreadMs),
    sessionThreadMs: mean((s) => s.ownThreadsMs),
    otherThreadsMs: mean((s) => s.otherThreadsMs),
    bareForwardMs: round(bareForwardMs, 0),
    passes: splits.length,
  };
}

interface ModelPair {
  readonly label: string;
  readonly encoder: string;
  readonly regressor: string;
  /** The encoder's last layer: its last_hidden_state is what BERTScore reads. */
  readonly layers: number;
}

export interface NeuralModelsSpeed {
  readonly models: string;
  readonly items: number;
  readonly bertscore: NeuralSpeed;
  readonly bleurt: NeuralSpeed;
}

export interface NeuralMetricsResult extends NeuralModelsSpeed {
  readonly passes: number;
  /** The same on wider models made at bench time (python3 with torch), where the forward passes weigh as they do on real ones. */
  readonly wide: NeuralModelsSpeed | { readonly skipped: string };
}

/**
 * BERTScore and BLEURT over Kalahi's references: each item's best answer scored against all of its
 * references, as a run scores answers: the items in flight at the run's default concurrency (8), each item's
 * texts its own batches (not batched across items). The bare forward passes are the very batches the tool sent to
 * ONNX Runtime (recorded in an untimed pass), tensors made beforehand, through a session of their own; tool
 * and bare passes alternate so that the other engineers' load weighs on both alike.
 */
export async function benchNeuralMetrics(repetitions: number): Promise<NeuralMetricsResult> {
  const passes = repetitions * 5;
  const items: BenchItem[] = parseKalahiCsv(readFileSync(KALAHI_CSV, 'utf8'), KALAHI_CSV).map((item) => {
    const refs = kalahiReferences(item, true);
    return { answer: refs.relevant[refs.bestIndex] ?? '', references: [...refs.relevant, ...refs.irrelevant] };
  });
  const tiny = await measureModels(
    {
      label: 'test/fixtures/neural tiny-encoder and tiny-bleurt (2 layers, hidden 32, max length 48)',
      encoder: join(FIXTURES, 'tiny-encoder'),
      regressor: join(FIXTURES, 'tiny-bleurt'),
      layers: 2,
    },
    items,
    passes,
  );
  const made: WideModels | { skipped: string } = makeWideModels();
  // Their forward passes take a hundred times longer: the first items and fewer passes.
  const wide = 'skipped' in made ? made : await measureModels(made, items.slice(0, WIDE_ITEMS), repetitions * 2 + 1);
  return { ...tiny, passes, wide };
}

async function measureModels(models: ModelPair, items: readonly BenchItem[], passes: number): Promise<NeuralModelsSpeed> {
  const place = { cwd: REPO_ROOT, env: {} };
  const bertscore = await measure('bertscore', models.encoder, items, passes, () =>
    createBertScore({ ...place, model: models.encoder, layer: models.layers, idf: false, rescaleFile: null }),
  );
  const bleurt = await measure('bleurt', models.regressor, items, passes, () => createBleurt({ ...place, model: models.regressor }));
  return { models: models.label, items: items.length, bertscore, bleurt };
}

async function measure(
  name: 'bertscore' | 'bleurt',
  dir: string,
  items: readonly BenchItem[],
  passes: number,
  create: () => Promise<NeuralMetric<unknown>>,
): Promise<NeuralSpeed> {
  const recorder = await create();
  const batches = await recordForwardPasses(recorder, items).finally(() => recorder.release());
  const bare = await bareForward(join(dir, 'onnx', 'model.onnx'), batches);
  await bare.pass();
  const threadSplits: ThreadCpuSplit[] = [];
  const toolPass = async (): Promise<Timed> => {
    const existing = new Set(threadCpuMs()?.keys());
    const metric = await create();
    try {
      const before = threadCpuMs();
      const time = await timed(() => scoreItems(metric, items));
      const after = threadCpuMs();
      if (before !== null && after !== null) threadSplits.push(splitThreadCpu(existing, before, after));
      return time;
    } finally {
      await metric.release();
    }
  };
  const toolTimes: Timed[] = [];
  const bareTimes: Timed[] = [];
  for (let pass = 0; pass < passes; pass++) {
    // Alternate which goes first, so neither always runs right after the other warmed the caches.
    if (pass % 2 === 0) toolTimes.push(await toolPass());
    bareTimes.push(await bare.pass());
    if (pass % 2 === 1) toolTimes.push(await toolPass());
  }
  const tool = median(toolTimes.map((t) => t.wallMs));
  const forward = median(bareTimes.map((t) => t.wallMs));
  const toolCpu = median(toolTimes.map((t) => t.cpuMs));
  const forwardCpu = median(bareTimes.map((t) => t.cpuMs));
  const cpuRatio = toolCpu / forwardCpu;
  const tokenize = await tokenizeDistinct(name, dir, items);
  const jsThread = median(toolTimes.map((t) => t.jsThreadMs)) / forward;
  const ratio = tool / forward;
  const pairs = items.reduce((n, item) => n + item.references.length, 0);
  const threadCpu = threadCpuPerPass(threadSplits, forwardCpu);
  const split =
    threadCpu === null
      ? ''
      : `; CPU per pass: JS thread ${threadCpu.jsThreadMs} ms, session thread ${threadCpu.sessionThreadMs} ms, others ${threadCpu.otherThreadsMs} ms, bare passes ${threadCpu.bareForwardMs} ms`;
  log(
    `neural: ${name} ${Math.round(pairs / (tool / 1000))} pairs/s, ${ratio.toFixed(2)}x the bare forward passes (CPU ${cpuRatio.toFixed(2)}x; JS thread busy ${jsThread.toFixed(2)}x; tokenizing alone ${(tokenize / forward).toFixed(2)}x${split})`,
  );
  return {
    pairs,
    pairsPerSecond: Math.round(pairs / (tool / 1000)),
    toolOverForwardPasses: round(ratio, 2),
    toolOverForwardPassesCpu: round(cpuRatio, 2),
    toolMs: round(tool, 0),
    forwardMs: round(forward, 0),
    tokenizeMs: round(tokenize, 0),
    jsThreadOverForwardPasses: round(jsThread, 2),
    threadCpu,
    allCoresFloor: round(toolCpu / availableParallelism() / forward, 2),
    cores: availableParallelism(),
    batches: batches.length,
    sequences: batches.reduce((n, b) => n + b.inputs.length, 0),
    target: `<= ${TARGET_RATIO}`,
    met: ratio <= TARGET_RATIO,
  };
}

/**
 * Tokenizing each distinct text once (every reference, every answer), as the tool at least must: median of 3,
 * each with a tokenizer loaded afresh, as a run starts with one (its memo of words' pieces empty).
 */
async function tokenizeDistinct(name: 'bertscore' | 'bleurt', dir: string, items: readonly BenchItem[]): Promise<number> {
  const folder = readModelFolder(dir, name);
  const texts = [...new Set(items.flatMap((item) => [item.answer, ...item.references]))].map((t) =>
    name === 'bertscore' ? pyStrip(t) : t,
  );
  const times: number[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const tokenizer = await loadModelTokenizer(folder);
    const start = performance.now();
    for (const text of texts) if (text !== '') tokenizer.content(text);
    times.push(since(start));
  }
  return median(times);
}
