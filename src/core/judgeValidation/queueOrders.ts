import { seededRandom, shuffled } from '../stats/rng';
import { type ItemRecord } from './itemRecords';

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

/** Where an item goes in the informative order, and why (for the panel and `queue --json` to show). */
export interface TierRank {
  /** 0 first. */
  readonly tier: number;
  readonly reason: string;
  /** Order within a tier, smallest first; ties keep dataset order. */
  readonly key: number;
}

export interface RankedItem extends TierRank {
  readonly itemId: string;
}

/**
 * A benchmark's own signals, asked first for every item: a rank, or null to leave the item to the common
 * tiers. By convention tier 1 is an independent signal against the automatic verdict (or an annotator
 * against it), tier 2 a close call; an item whose automatic verdict is null is left to tier 0, unless it
 * has no verdict to validate at all.
 */
export type BenchmarkRank = (record: ItemRecord) => TierRank | null;

/**
 * Most informative first. Tier 0: the automatic verdict is null. Tiers 1 and 2: the benchmark's own
 * signals (see BenchmarkRank). Tier 3: errors. Tier 4: the rest, in dataset order.
 */
export function informativeRanking(records: readonly ItemRecord[], benchmarkRank?: BenchmarkRank): RankedItem[] {
  const ranked = records.map((r, position) => ({ itemId: r.itemId, ...rank(r, benchmarkRank), position }));
  ranked.sort((a, b) => a.tier - b.tier || a.key - b.key || a.position - b.position);
  return ranked.map(({ itemId, tier, reason, key }) => ({ itemId, tier, reason, key }));
}

export function mostInformativeFirst(records: readonly ItemRecord[], benchmarkRank?: BenchmarkRank): string[] {
  return informativeRanking(records, benchmarkRank).map((r) => r.itemId);
}

function rank(r: ItemRecord, benchmarkRank: BenchmarkRank | undefined): TierRank {
  const own = benchmarkRank?.(r) ?? null;
  if (own !== null) return own;
  if (r.automatic === 'null') return { tier: 0, reason: 'the judge said null', key: 0 };
  if (r.automatic === 'error') return { tier: 3, reason: 'the item has an error', key: 0 };
  return { tier: 4, reason: 'no signal: dataset order', key: 0 };
}
