import { readFileSync } from 'node:fs';
import { parseKalahiCsv } from '../src/core/benchmarks/kalahi/dataset';
import { kalahiReferences } from '../src/core/benchmarks/kalahi/references';
import { LEXICAL_METRIC_NAMES, getSimilarityMetric } from '../src/core/metrics/registry';
import { type TextMetricName } from '../src/core/metrics/similarityMetric';
import { KALAHI_CSV } from './paths';
import { log, median, round, since } from './stats';

export interface MetricSpeed {
  readonly pairs: number;
  /** Median over the passes of pairs / second, on this one thread. */
  readonly pairsPerSecond: number;
  readonly msPerPair: number;
}

export interface MetricsResult {
  /** Every relevant reference scored against every irrelevant one of the same item, over the 150 items. */
  readonly pairs: number;
  readonly passes: number;
  /** Loading METEOR's WordNet data (once per process, on its first score). */
  readonly meteorWordnetLoadMs: number | null;
  readonly byMetric: Record<string, MetricSpeed>;
}

/** Pairs per second of each similarity metric over the Kalahi references, single thread. */
export function benchMetrics(passes: number): MetricsResult {
  const items = parseKalahiCsv(readFileSync(KALAHI_CSV, 'utf8'), KALAHI_CSV);
  const pairs: [string, string][] = [];
  for (const item of items) {
    const { relevant, irrelevant } = kalahiReferences(item, true);
    for (const hypothesis of relevant) for (const reference of irrelevant) pairs.push([hypothesis, reference]);
  }
  const names: TextMetricName[] = [...LEXICAL_METRIC_NAMES, 'meteor'];
  let wordnetMs: number | null = null;
  const byMetric: Record<string, MetricSpeed> = {};
  for (const name of names) {
    const metric = getSimilarityMetric(name);
    const start = performance.now();
    try {
      metric.score('probe', 'probe');
    } catch (error) {
      log(`metrics: ${name} unavailable (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    if (name === 'meteor') wordnetMs = round(since(start), 1);
    // One pass to warm up the JIT, then the measured passes.
    const rates: number[] = [];
    for (let pass = 0; pass <= passes; pass++) {
      const passStart = performance.now();
      let sink = 0;
      for (const [hypothesis, reference] of pairs) sink += metric.score(hypothesis, reference);
      const ms = since(passStart);
      if (!Number.isFinite(sink)) throw new Error(`${name} gave a non-finite score`);
      if (pass > 0) rates.push(pairs.length / (ms / 1000));
    }
    const rate = median(rates);
    byMetric[name] = { pairs: pairs.length, pairsPerSecond: Math.round(rate), msPerPair: round(1000 / rate, 4) };
    log(`metrics: ${name} ${Math.round(rate)} pairs/s`);
  }
  return { pairs: pairs.length, passes, meteorWordnetLoadMs: wordnetMs, byMetric };
}
