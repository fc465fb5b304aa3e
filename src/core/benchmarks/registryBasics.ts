import { type BenchmarkBasics, type BenchmarkLookup } from '../runs/benchmarkBasics';
import { INSPECT_BASICS } from '../logFormats/inspect/basics';
import { KALAHI_BASICS } from './kalahi/basics';
import { LM_EVAL_BASICS } from '../logFormats/lm-eval/basics';
import { PROMPTFOO_BASICS } from '../logFormats/promptfoo/basics';
import { SEAHELM_BASICS } from '../logFormats/seahelm/basics';
import { YOKAIEVAL_BASICS } from './yokaieval/basics';

/**
 * Each registered benchmark's basics (id, inputs schema, facets, categories). The floors that read a run
 * folder get them passed down as REGISTERED_BASICS (runRegistry.ts), since the benchmarks use those floors.
 * registry.ts (the full registry) registers here too, so a benchmark added at run time is known everywhere.
 */
const BASICS = new Map<string, BenchmarkBasics>(
  [YOKAIEVAL_BASICS, KALAHI_BASICS, INSPECT_BASICS, PROMPTFOO_BASICS, LM_EVAL_BASICS, SEAHELM_BASICS].map((b) => [b.id, b]),
);

export function registerBenchmarkBasics(basics: BenchmarkBasics): void {
  const known = BASICS.get(basics.id);
  if (known !== undefined && known !== basics) throw new Error(`benchmark "${basics.id}" is already registered`);
  BASICS.set(basics.id, basics);
}

export function benchmarkIds(): string[] {
  return [...BASICS.keys()];
}

export function isBenchmarkId(id: string): boolean {
  return BASICS.has(id);
}

export function benchmarkBasicsOf(id: string): BenchmarkBasics {
  const basics = BASICS.get(id);
  if (basics === undefined) throw new Error(`unknown benchmark "${id}" (${benchmarkIds().join(', ')})`);
  return basics;
}

/** The registered benchmarks' basics, handed to the floors that read run folders (they cannot import this file). */
export const REGISTERED_BASICS: BenchmarkLookup = { ids: benchmarkIds, basicsOf: (id) => BASICS.get(id) };

/** Every hallucination category id some registered benchmark declares, in the registry's order (help texts, tests). */
export function hallucinationCategoryIds(): string[] {
  return [...new Set([...BASICS.values()].flatMap((basics) => basics.hallucinationCategories.map((c) => c.id)))];
}
