import { type StabilityWords } from '../contract/benchmark';
import { benchmarkOf } from '../benchmarks/registry';

/** How a run's validation report and Statistics view word it, from its benchmark's folder. */
export interface ReportWords {
  /** "Judge validation", "Metric validation"… */
  readonly title: string;
  /** Who gives the automatic verdict, as running text says it ("judge", "metric", "scorer"). */
  readonly rater: string;
  /** Null: its verdicts are not re-asked (no stability card, line or note). */
  readonly stability: StabilityWords | null;
}

export function reportWordsOf(benchmark: string): ReportWords {
  const b = benchmarkOf(benchmark);
  return {
    title: b.report?.title ?? (b.verdictBy === 'judge' ? 'Judge validation' : 'Metric validation'),
    rater: b.report?.rater ?? b.verdictBy,
    stability: b.report?.stability ?? null,
  };
}
