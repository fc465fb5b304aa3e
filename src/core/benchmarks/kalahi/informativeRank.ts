import { type ItemRecord } from '../../judgeValidation/itemRecords';
import { type BenchmarkRank } from '../../judgeValidation/queueOrders';
import { mcMargin, openMetrics } from './scoreViews';

/**
 * Kalahi's signals: an MC-only item has no verdict to validate (flags and notes only), so only its margin
 * says anything (tier 2, smallest first). An open-ended answer: an annotator contradicting the primary
 * metric (tier 1, largest gap first), most other metrics disagreeing with it (tier 1), else its |diff|
 * (tier 2, closest calls first).
 */
export function kalahiRank(primaryMetric: string): BenchmarkRank {
  return (r) => {
    const metrics = openMetrics(r.line);
    const margin = mcMargin(r.line);
    if (metrics === null && margin !== null) return { tier: 2, reason: `MC margin ${margin.toFixed(3)}`, key: Math.abs(margin) };
    if (r.automatic === 'null') return null;
    const primary = metrics?.[primaryMetric];
    if (metrics === null || primary === undefined) return null;
    const gap = largestHumanGap(r, primary.diff);
    if (gap !== null) return { tier: 1, reason: `an annotator contradicts ${primaryMetric} (gap ${gap.toFixed(2)})`, key: -gap };
    const others = Object.entries(metrics).filter(([name]) => name !== primaryMetric);
    const against = others.filter(([, m]) => m.acc !== primary.acc).length;
    if (others.length > 0 && against * 2 > others.length)
      return {
        tier: 1,
        reason: `${against} of ${others.length} other metrics disagree with ${primaryMetric}`,
        key: -against / others.length,
      };
    return { tier: 2, reason: `${primaryMetric} diff ${primary.diff.toFixed(3)}`, key: Math.abs(primary.diff) };
  };
}

/** How far the primary metric's diff sits on the wrong side of an annotator's verdict (0..1), or null. */
function largestHumanGap(r: ItemRecord, diff: number): number | null {
  const score = (diff + 1) / 2;
  let largest: number | null = null;
  for (const d of r.decisions) {
    if (d.verdict === 'null') continue;
    const human = d.verdict === 'true';
    if (human === diff > 0) continue;
    const gap = human ? 1 - score : score;
    if (largest === null || gap > largest) largest = gap;
  }
  return largest;
}
