import { z } from 'zod';
import { matchAnswer } from '../benchmarks/yokaieval/answerMatcher';
import { seededRandom, shuffled } from '../stats/rng';
import { type ItemRecord } from './itemRecords';
import { mcMargin, openMetrics } from './kalahiScores';

export type QueueOrder = 'dataset' | 'random' | 'informative';
export const QUEUE_ORDERS: readonly QueueOrder[] = ['dataset', 'random', 'informative'];

/** The run's items in dataset order. */
export function datasetOrder(itemIds: readonly string[]): string[] {
  return [...itemIds];
}

/** The items shuffled by a seeded PRNG: the same seed gives the same order (record the seed). */
export function randomOrder(itemIds: readonly string[], seed: number): string[] {
  return shuffled(itemIds, seededRandom(seed));
}

export interface RankedItem {
  readonly itemId: string;
  /** 0 first. */
  readonly tier: number;
  /** Why the item is where it is, for the panel to show. */
  readonly reason: string;
  /** Order within a tier, smallest first; ties keep dataset order. */
  readonly key: number;
}

const YokaiInputs = z.looseObject({ choices: z.array(z.string()), answer: z.string() });

/**
 * Most informative first. Tier 0: the judge said null. Tier 1: the judge and an independent signal
 * disagree (YokaiEval: the simple answer matcher names one choice and reaches the other verdict; Kalahi:
 * an annotator's decision contradicts the primary metric, largest gap first, or the metrics disagree
 * among themselves). Tier 2: the matcher cannot name a single choice where the judge was sure; the
 * closest calls (Kalahi: smallest |diff| of the primary metric, smallest MC margin). Tier 3: errors.
 * Tier 4: the rest, in dataset order.
 */
export function informativeRanking(records: readonly ItemRecord[], primaryMetric: string): RankedItem[] {
  const ranked = records.map((r, position) => ({ ...rank(r, primaryMetric), position }));
  ranked.sort((a, b) => a.tier - b.tier || a.key - b.key || a.position - b.position);
  return ranked.map(({ itemId, tier, reason, key }) => ({ itemId, tier, reason, key }));
}

export function mostInformativeFirst(records: readonly ItemRecord[], primaryMetric: string): string[] {
  return informativeRanking(records, primaryMetric).map((r) => r.itemId);
}

function rank(r: ItemRecord, primaryMetric: string): RankedItem {
  const at = (tier: number, reason: string, key = 0): RankedItem => ({ itemId: r.itemId, tier, reason, key });
  const metrics = openMetrics(r.line);
  const margin = mcMargin(r.line);
  // Kalahi MC alone has no verdict to validate (flags and notes only): only its margin says anything.
  if (metrics === null && margin !== null) return at(2, `MC margin ${margin.toFixed(3)}`, Math.abs(margin));
  if (r.automatic === 'null') return at(0, 'the judge said null');
  const inputs = YokaiInputs.safeParse(r.line?.inputs);
  const response = r.line?.response;
  if (inputs.success && typeof response === 'string' && r.judge !== null) {
    const matched = matchAnswer(response, inputs.data.choices, inputs.data.answer);
    const judged = r.judge === 'true';
    if (matched.verdict !== null && matched.verdict !== judged) return at(1, `the answer matcher reads "${matched.choice ?? ''}" (${String(matched.verdict)}), the judge said ${r.judge}`);
    if (matched.verdict === null) return at(2, matched.found.length === 0 ? 'the response names no choice' : `the response names ${matched.found.length} choices`);
  }
  const primary = metrics?.[primaryMetric];
  if (metrics !== null && primary !== undefined) {
    const gap = largestHumanGap(r, primary.diff);
    if (gap !== null) return at(1, `an annotator contradicts ${primaryMetric} (gap ${gap.toFixed(2)})`, -gap);
    const others = Object.entries(metrics).filter(([name]) => name !== primaryMetric);
    const against = others.filter(([, m]) => m.acc !== primary.acc).length;
    if (others.length > 0 && against * 2 > others.length) return at(1, `${against} of ${others.length} other metrics disagree with ${primaryMetric}`, -against / others.length);
    return at(2, `${primaryMetric} diff ${primary.diff.toFixed(3)}`, Math.abs(primary.diff));
  }
  if (r.automatic === 'error') return at(3, 'the item has an error');
  return at(4, 'no signal: dataset order');
}

/** How far the primary metric's diff sits on the wrong side of an annotator's verdict (0..1), or null. */
function largestHumanGap(r: ItemRecord, diff: number): number | null {
  const score = (diff + 1) / 2;
  let largest: number | null = null;
  for (const d of r.decisions) {
    if (d.verdict === 'null') continue;
    const human = d.verdict === 'true';
    if (human === (diff > 0)) continue;
    const gap = human ? 1 - score : score;
    if (largest === null || gap > largest) largest = gap;
  }
  return largest;
}
