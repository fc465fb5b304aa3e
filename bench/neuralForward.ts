import { type NeuralMetric } from '../src/core/metrics/neural/neuralMetric';
import { loadOnnxRuntime } from '../src/core/runtimes/onnx/onnxRuntime';
import { OnnxModel } from '../src/core/runtimes/onnx/onnxSession';
import { SESSION_OPTIONS } from '../src/core/runtimes/onnx/sessionOptions';
import { type EncodedInput } from '../src/core/runtimes/onnx/specialTokens';

export interface BenchItem {
  readonly answer: string;
  readonly references: readonly string[];
}

export interface RecordedBatch {
  readonly inputs: readonly EncodedInput[];
  readonly outputs: readonly string[];
}

/** A run's default --concurrency: the items whose answers are scored at once when the model replies quickly. */
export const RUN_CONCURRENCY = 8;

/** Each item's answer against its references, as a run scores them: RUN_CONCURRENCY items in flight, the next one started as soon as one is done. */
export async function scoreItems(metric: NeuralMetric<unknown>, items: readonly BenchItem[]): Promise<void> {
  const signal = new AbortController().signal;
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let i = next++; i < items.length; i = next++) {
      const item = items[i] as BenchItem;
      await metric.scoreAll(item.answer, item.references, signal);
    }
  };
  await Promise.all(Array.from({ length: RUN_CONCURRENCY }, lane));
}

/**
 * The batches the tool sends to ONNX Runtime while it scores `items` (the bare passes run exactly these):
 * OnnxModel.run is wrapped for this one untimed pass, then restored.
 */
export async function recordForwardPasses(metric: NeuralMetric<unknown>, items: readonly BenchItem[]): Promise<RecordedBatch[]> {
  const recorded: RecordedBatch[] = [];
  const original = OnnxModel.prototype.run;
  OnnxModel.prototype.run = function recording(this: OnnxModel, inputs, outputs) {
    recorded.push({ inputs: [...inputs], outputs: [...outputs] });
    return original.call(this, inputs, outputs);
  };
  try {
    await scoreItems(metric, items);
  } finally {
    OnnxModel.prototype.run = original;
  }
  return recorded;
}

/** Wall time, the CPU time of the whole process (every thread), and the time the JS thread was busy, in ms. */
export interface Timed {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly jsThreadMs: number;
}

export async function timed(work: () => Promise<void>): Promise<Timed> {
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  const start = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return {
    wallMs: performance.now() - start,
    cpuMs: (used.user + used.system) / 1000,
    jsThreadMs: performance.eventLoopUtilization(loop).active,
  };
}

type Feeds = Record<string, InstanceType<Awaited<ReturnType<typeof loadOnnxRuntime>>['Tensor']>>;

export interface BareForward {
  /** One pass over every recorded batch, tensors made beforehand, through a session opened for it (not timed). */
  pass(): Promise<Timed>;
}

export async function bareForward(onnxPath: string, batches: readonly RecordedBatch[]): Promise<BareForward> {
  const ort = await loadOnnxRuntime();
  const feeds: Feeds[] = batches.map(({ inputs }) => {
    const length = Math.max(...inputs.map((b) => b.ids.length));
    const ids = new BigInt64Array(inputs.length * length);
    const mask = new BigInt64Array(inputs.length * length);
    const types = new BigInt64Array(inputs.length * length);
    inputs.forEach((b, row) =>
      b.ids.forEach((id, col) => {
        ids[row * length + col] = BigInt(id);
        mask[row * length + col] = 1n;
        types[row * length + col] = BigInt(b.typeIds[col] ?? 0);
      }),
    );
    const dims = [inputs.length, length];
    return {
      input_ids: new ort.Tensor('int64', ids, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
      token_type_ids: new ort.Tensor('int64', types, dims),
    };
  });
  const open = (): ReturnType<typeof ort.InferenceSession.create> => ort.InferenceSession.create(onnxPath, SESSION_OPTIONS);
  return {
    async pass() {
      const session = await open();
      try {
        return await timed(async () => {
          for (const [i, feed] of feeds.entries()) await session.run(feed, [...(batches[i]?.outputs ?? [])]);
        });
      } finally {
        await session.release();
      }
    },
  };
}
