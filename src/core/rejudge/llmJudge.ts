import { type LlmJudge } from '../contract/benchmark';
import { benchmarkOf, registeredBenchmarks } from '../benchmarks/registry';
import { UserError } from '../util/errors';

/** The LLM judge of a run's benchmark, or an error saying which benchmarks have one. */
export function llmJudgeOf(benchmark: string, dir: string, what: 'replace' | 're-ask'): LlmJudge {
  const judge = benchmarkOf(benchmark).judge;
  if (judge !== undefined) return judge;
  const judged = registeredBenchmarks()
    .filter((b) => b.judge !== undefined)
    .map((b) => b.title);
  throw new UserError(`${dir}: only ${judged.join(' or ')} runs have an LLM judge to ${what} (this is ${benchmark})`);
}
