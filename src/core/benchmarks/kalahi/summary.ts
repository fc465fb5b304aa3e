import { type NotComputedMetric } from '../../metrics/similarityMetric';
import { mcMeans } from '../../metrics/multipleChoiceMeans';
import { type RunState } from '../../adjudication/runState';
import { type RunSummary } from '../../summary/runSummary';
import { readKalahiResults } from './kalahiResults';
import { type LogprobBackendName } from '../../backends/logprobBackend';
import { type Mc2Mode } from './mcScores';
import { type MetricAggregate, aggregateOpen } from './openScoring';
import { KalahiSettingsSchema } from './settings';

export interface KalahiMcSummary {
  /** Means over the items with an MC result (null when none has one). */
  readonly mc1: number | null;
  readonly mc2: number | null;
  readonly mc2Mode: Mc2Mode;
  readonly logprobs: LogprobBackendName;
  readonly scored: number;
}

export interface KalahiOpenDetails {
  /** Items with an open-ended result (empty answers included): the denominator of every diff and acc. */
  readonly scored: number;
  readonly emptyAnswers: number;
  readonly primaryMetric: string;
  readonly metrics: readonly string[];
  readonly notComputed: readonly NotComputedMetric[];
}

/** A Kalahi run's summary: the common one (automatic = the primary metric's acc as verdicts) plus the parts of the tasks that ran. */
export interface KalahiRunSummary extends RunSummary {
  readonly variant: string;
  readonly mc?: KalahiMcSummary;
  /** Per metric: mean diff (the paper's score) and acc (what the official repository reports). */
  readonly open?: Readonly<Record<string, MetricAggregate>>;
  readonly openDetails?: KalahiOpenDetails;
}

export function isKalahiSummary(summary: RunSummary): summary is KalahiRunSummary {
  return summary.benchmark === 'kalahi';
}

export function withKalahiParts(summary: RunSummary, state: RunState): KalahiRunSummary {
  const { manifest } = state;
  const dir = state.paths.dir;
  const settings = KalahiSettingsSchema.parse(manifest.settings);
  const lines = [...readKalahiResults(dir, manifest).values()];
  const mcParts = lines.flatMap((l) => (l.mc === undefined ? [] : [l.mc]));
  const openParts = lines.flatMap((l) => (l.open === undefined ? [] : [l.open]));
  return {
    ...summary,
    variant: settings.variant,
    ...(settings.mc === null
      ? {}
      : {
          mc: { ...mcMeans(mcParts), mc2Mode: settings.mc.mc2, logprobs: settings.mc.logprobs },
        }),
    ...(settings.open === null
      ? {}
      : {
          open: aggregateOpen(openParts, settings.open.metrics),
          openDetails: {
            scored: openParts.length,
            emptyAnswers: openParts.filter((p) => p.empty).length,
            primaryMetric: settings.open.primaryMetric,
            metrics: settings.open.metrics,
            notComputed: settings.open.notComputed,
          },
        }),
  };
}

export function kalahiSummaryLines(summary: KalahiRunSummary): string[] {
  const n = (x: number | null, digits = 4): string => (x === null ? 'n/a' : x.toFixed(digits));
  const out: string[] = [];
  if (summary.mc !== undefined) {
    const { mc } = summary;
    out.push(`mc         MC1 ${n(mc.mc1)}, MC2 ${n(mc.mc2)} (${mc.mc2Mode}; ${mc.logprobs} log-probs; ${mc.scored} items scored)`);
  }
  if (summary.open !== undefined && summary.openDetails !== undefined) {
    const d = summary.openDetails;
    out.push(`open       ${d.scored} answers scored (${d.emptyAnswers} empty, scored 0); primary metric ${d.primaryMetric}`);
    for (const [name, value] of Object.entries(summary.open)) out.push(`  ${name.padEnd(11)} diff ${n(value.diff)}  acc ${n(value.acc)}`);
    for (const missing of d.notComputed) out.push(`  ${missing.name.padEnd(11)} not computed: ${missing.reason}`);
  }
  return out;
}
