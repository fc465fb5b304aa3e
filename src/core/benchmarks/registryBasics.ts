import * as z from 'zod';
import { type BenchmarkBasics } from '../runs/benchmarkBasics';
import { INSPECT_BASICS } from '../logFormats/inspect/basics';
import { KALAHI_BASICS } from './kalahi/basics';
import { LM_EVAL_BASICS } from '../logFormats/lm-eval/basics';
import { PROMPTFOO_BASICS } from '../logFormats/promptfoo/basics';
import { SEAHELM_BASICS } from '../logFormats/seahelm/basics';
import { YOKAIEVAL_BASICS } from './yokaieval/basics';

/**
 * The lower floors' view of the registry: each registered benchmark's basics. registry.ts (the full
 * registry, a floor above) registers here too, so a benchmark added at run time is known everywhere.
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

/** A benchmark id as run.json holds it: one of the registered benchmarks. */
export const BenchmarkIdSchema = z.string().refine(isBenchmarkId, {
  error: (issue) =>
    `Invalid option: expected one of ${benchmarkIds()
      .map((id) => JSON.stringify(id))
      .join('|')}, got ${JSON.stringify(issue.input)}`,
});
