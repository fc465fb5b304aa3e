import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseKalahiCsv } from '../src/core/benchmarks/kalahi/dataset';
import { kalahiReferences } from '../src/core/benchmarks/kalahi/references';
import { createBertScore } from '../src/core/metrics/neural/bertScore';
import { createBleurt } from '../src/core/metrics/neural/bleurt';
import { type NeuralMetric } from '../src/core/metrics/neural/neuralMetric';
import { pyStrip } from '../src/core/metrics/pythonText';
import { readModelFolder } from '../src/core/runtimes/onnx/modelFolder';
import { loadModelTokenizer } from '../src/core/runtimes/onnx/modelTokenizer';
import { loadOnnxRuntime } from '../src/core/runtimes/onnx/onnxRuntime';
import { type EncodedInput, wrapPair, wrapSingle } from '../src/core/runtimes/onnx/specialTokens';
import { KALAHI_CSV, REPO_ROOT } from './paths';
import { log, median, round, since } from './stats';

const ENCODER = join(REPO_ROOT, 'test', 'fixtures', 'neural', 'tiny-encoder');
const REGRESSOR = join(REPO_ROOT, 'test', 'fixtures', 'neural', 'tiny-bleurt');
const TARGET_RATIO = 1.3;

interface Item {
  readonly answer: string;
  readonly references: readonly string[];
}

export interface NeuralSpeed {
  readonly pairs: number;
  readonly pairsPerSecond: number;
  /** The tool's time (tokenizing, batching, matching, caching) over the bare ONNX forward passes it needs. */
  readonly toolOverForwardPasses: number;
  /** Per pass (median): the tool's whole time, the bare forward passes, and tokenizing the same texts alone. */
  readonly toolMs: number;
  readonly forwardMs: number;
  readonly tokenizeMs: number;
  readonly target: string;
  readonly met: boolean;
}

export interface NeuralMetricsResult {
  readonly models: string;
  readonly passes: number;
  readonly bertscore: NeuralSpeed;
  readonly bleurt: NeuralSpeed;
}

/**
 * BERTScore and BLEURT over Kalahi's references on the tiny fixture models: each item's best answer scored
 * against all of its references, as a run scores an answer. The bare forward passes are the same batches
 * (one per item: the answer and the references for BERTScore, the pairs for BLEURT), tensors made beforehand,
 * through a session of their own.
 */
export async function benchNeuralMetrics(passes: number): Promise<NeuralMetricsResult> {
  const items: Item[] = parseKalahiCsv(readFileSync(KALAHI_CSV, 'utf8'), KALAHI_CSV).map((item) => {
    const refs = kalahiReferences(item, true);
    return { answer: refs.relevant[refs.bestIndex] ?? '', references: [...refs.relevant, ...refs.irrelevant] };
  });
  const pairs = items.reduce((n, item) => n + item.references.length, 0);
  const place = { cwd: REPO_ROOT, env: {} };
  const bertscore = await measure(
    'bertscore',
    items,
    pairs,
    passes,
    () => createBertScore({ ...place, model: ENCODER, layer: 2, idf: false, rescaleFile: null }),
    await bareBatches(ENCODER, items, 'bertscore'),
    'last_hidden_state',
  );
  const bleurt = await measure('bleurt', items, pairs, passes, () => createBleurt({ ...place, model: REGRESSOR }), await bareBatches(REGRESSOR, items, 'bleurt'), 'logits');
  return { models: 'test/fixtures/neural tiny-encoder (2 layers, hidden 32) and tiny-bleurt, max length 48', passes, bertscore, bleurt };
}

interface BareBatches {
  readonly batches: EncodedInput[][];
  readonly tokenizeMs: number;
}

async function bareBatches(dir: string, items: readonly Item[], kind: 'bertscore' | 'bleurt'): Promise<BareBatches> {
  const folder = readModelFolder(dir, kind);
  const tokenizer = await loadModelTokenizer(folder);
  const max = folder.tokenizerConfig.model_max_length ?? 512;
  const times: number[] = [];
  let batches: EncodedInput[][] = [];
  for (let pass = 0; pass < 3; pass++) {
    const start = performance.now();
    batches = encodeAll(tokenizer, items, kind, max);
    times.push(since(start));
  }
  return { batches, tokenizeMs: median(times) };
}

function encodeAll(tokenizer: Awaited<ReturnType<typeof loadModelTokenizer>>, items: readonly Item[], kind: 'bertscore' | 'bleurt', max: number): EncodedInput[][] {
  return items.map((item) => {
    if (kind === 'bleurt') {
      const candidate = tokenizer.content(item.answer);
      return item.references.map((r) => wrapPair(tokenizer.template, tokenizer.content(r), candidate, max));
    }
    // One batch per item: the answer and its (distinct) references, as the metric embeds them.
    const texts = [...new Set([item.answer, ...item.references])];
    return texts.map((t) => wrapSingle(tokenizer.template, pyStrip(t) === '' ? [] : tokenizer.content(pyStrip(t)), max));
  });
}

async function measure(
  name: string,
  items: readonly Item[],
  pairs: number,
  passes: number,
  create: () => Promise<NeuralMetric<unknown>>,
  bare: BareBatches,
  output: string,
): Promise<NeuralSpeed> {
  const signal = new AbortController().signal;
  const toolMs: number[] = [];
  for (let pass = 0; pass <= passes; pass++) {
    const metric = await create();
    const start = performance.now();
    for (const item of items) await metric.scoreAll(item.answer, item.references, signal);
    if (pass > 0) toolMs.push(since(start));
    await metric.release();
  }
  const bareMs = await bareForwardPasses(name === 'bleurt' ? REGRESSOR : ENCODER, bare.batches, output, passes);
  const tool = median(toolMs);
  const ratio = tool / bareMs;
  log(`neural: ${name} ${Math.round(pairs / (tool / 1000))} pairs/s, ${ratio.toFixed(2)}x the bare forward passes`);
  return {
    pairs,
    pairsPerSecond: Math.round(pairs / (tool / 1000)),
    toolOverForwardPasses: round(ratio, 2),
    toolMs: round(tool, 0),
    forwardMs: round(bareMs, 0),
    tokenizeMs: round(bare.tokenizeMs, 0),
    target: `<= ${TARGET_RATIO}`,
    met: ratio <= TARGET_RATIO,
  };
}

/** Like the tool's passes, each pass opens its own session (not timed): both start from a cold session. */
async function bareForwardPasses(dir: string, batches: readonly EncodedInput[][], output: string, passes: number): Promise<number> {
  const ort = await loadOnnxRuntime();
  const feeds = batches.map((batch) => {
    const length = Math.max(...batch.map((b) => b.ids.length));
    const ids = new BigInt64Array(batch.length * length);
    const mask = new BigInt64Array(batch.length * length);
    const types = new BigInt64Array(batch.length * length);
    batch.forEach((b, row) =>
      b.ids.forEach((id, col) => {
        ids[row * length + col] = BigInt(id);
        mask[row * length + col] = 1n;
        types[row * length + col] = BigInt(b.typeIds[col] ?? 0);
      }),
    );
    const dims = [batch.length, length];
    return { input_ids: new ort.Tensor('int64', ids, dims), attention_mask: new ort.Tensor('int64', mask, dims), token_type_ids: new ort.Tensor('int64', types, dims) };
  });
  const times: number[] = [];
  for (let pass = 0; pass <= passes; pass++) {
    const session = await ort.InferenceSession.create(join(dir, 'onnx', 'model.onnx'), { graphOptimizationLevel: 'all' });
    const start = performance.now();
    for (const feed of feeds) await session.run(feed, [output]);
    if (pass > 0) times.push(since(start));
    await session.release();
  }
  return median(times);
}
