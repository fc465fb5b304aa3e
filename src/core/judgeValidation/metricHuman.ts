import { type VerdictLabel, verdictLabel } from '../stats/confusion';
import { type AgreementStats, agreementOf } from './agreement';
import { type ItemRecord } from './itemRecords';

export interface MetricAgreement extends AgreementStats {
  readonly metric: string;
}

/** Each metric's acc of an item (metricsOf: null when the item has none) against the final human verdict, metrics sorted. */
export function metricsVersusHuman(
  records: readonly ItemRecord[],
  metricsOf: (line: ItemRecord['line']) => Readonly<Record<string, { readonly acc: boolean }>> | null,
): MetricAgreement[] {
  const pairsByMetric = new Map<string, [VerdictLabel, VerdictLabel][]>();
  for (const r of records) {
    const metrics = metricsOf(r.line);
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
