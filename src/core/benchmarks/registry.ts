import { type Benchmark } from './benchmark';
import { benchmarkIds, registerBenchmarkBasics } from './registryBasics';
import { INSPECT } from './inspect';
import { KALAHI } from './kalahi';
import { LM_EVAL } from './lm-eval';
import { PROMPTFOO } from './promptfoo';
import { YOKAIEVAL } from './yokaieval';

/**
 * Every benchmark the tool knows, by id: generic code looks a run's benchmark up here and never names one.
 * A benchmark defined elsewhere (a test's) joins with registerBenchmark().
 */
const BENCHMARKS = new Map<string, Benchmark>([YOKAIEVAL, KALAHI, INSPECT, PROMPTFOO, LM_EVAL].map((b) => [b.id, b]));

/** The ids of the benchmarks that ship with the tool, in the order pickers and help list them. */
export const BUILT_IN_BENCHMARKS = [YOKAIEVAL.id, KALAHI.id, INSPECT.id, PROMPTFOO.id, LM_EVAL.id] as const;

export function registerBenchmark(benchmark: Benchmark): void {
  registerBenchmarkBasics(benchmark);
  BENCHMARKS.set(benchmark.id, benchmark);
}

export function registeredBenchmarks(): Benchmark[] {
  return [...BENCHMARKS.values()];
}

export function benchmarkOf(id: string): Benchmark {
  const benchmark = BENCHMARKS.get(id);
  if (benchmark === undefined) throw new Error(`unknown benchmark "${id}" (${benchmarkIds().join(', ')})`);
  return benchmark;
}
