import { type Benchmark } from '../contract/benchmark';
import { benchmarkIds, registerBenchmarkBasics } from './registryBasics';
import { INSPECT } from '../logFormats/inspect/index';
import { KALAHI } from './kalahi';
import { LM_EVAL } from '../logFormats/lm-eval/index';
import { PROMPTFOO } from '../logFormats/promptfoo/index';
import { SEAHELM } from '../logFormats/seahelm/index';
import { YOKAIEVAL } from './yokaieval';

/**
 * Every benchmark the tool knows, by id: generic code looks a run's benchmark up here and never names one.
 * A benchmark defined elsewhere (a test's) joins with registerBenchmark().
 */
const BUILT_INS: readonly Benchmark[] = [YOKAIEVAL, KALAHI, INSPECT, PROMPTFOO, LM_EVAL, SEAHELM];
const BENCHMARKS = new Map<string, Benchmark>(BUILT_INS.map((b) => [b.id, b]));

/** The ids of the benchmarks that ship with the tool, in the order pickers and help list them. */
export const BUILT_IN_BENCHMARKS: readonly string[] = BUILT_INS.map((b) => b.id);

// registryBasics.ts lists the same benchmarks' basics for the floors below this one: the two lists must agree.
if (benchmarkIds().slice(0, BUILT_INS.length).join() !== BUILT_IN_BENCHMARKS.join()) {
  throw new Error(`registry.ts lists ${BUILT_IN_BENCHMARKS.join(', ')} but registryBasics.ts ${benchmarkIds().join(', ')}`);
}

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
