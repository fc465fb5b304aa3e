import { type VerdictLabel, verdictLabel } from '../stats/confusion';
import { type AgreementStats, agreementOf } from './agreement';
import { type ItemRecord } from './itemRecords';
import { openMetrics } from './kalahiScores';

export interface MetricAgreement extends AgreementStats {
  readonly metric: string;
}

/** Kalahi open-ended: each metric's acc (true / false) against the final human verdict, metrics sorted. */
export function metricsVersusHuman(records: readonly ItemRecord[]): MetricAgreement[] {
  const pairsByMetric = new Map<string, [VerdictLabel, VerdictLabel][]>();
  for (const r of records) {
    const metrics = openMetrics(r.line);
    if (metrics === null) continue;
    for (const [metric, outcome] of Object.entries(metrics)) {
      let pairs = pairsByMetric.get(metric);
      if (pairs === undefined) pairsByMetric.set(metric, (pairs = []));
      if (r.human !== null) pairs.push([verdictLabel(outcome.acc), r.human]);
    }
  }
  return [...pairsByMetric.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([metric, pairs]) => ({ metric, ...agreementOf(pairs, { rows: metric, columns: 'human' }) }));
}
