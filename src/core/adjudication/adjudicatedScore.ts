import { type ResultLine } from '../runs/resultLine';
import { type HallucinationCategory } from './event';
import { type ItemAdjudication } from './itemAdjudication';

export type AutomaticOutcome = 'true' | 'false' | 'null' | 'error' | 'missing';

export function automaticOutcome(line: ResultLine | undefined): AutomaticOutcome {
  if (line === undefined) return 'missing';
  if (line.error !== null) return 'error';
  return line.verdict === null ? 'null' : line.verdict ? 'true' : 'false';
}

export interface AdjudicatedScore {
  /** (items whose final human verdict is true + items without one whose automatic verdict is true) / items. */
  readonly accuracy: number;
  /** Items with a final human verdict. */
  readonly items: number;
  /** Items whose final human verdict differs from the automatic outcome, by direction ("null->true"). */
  readonly overrides: Readonly<Record<string, number>>;
  /** Items with at least one current hallucination flag, and flags by category. */
  readonly flagged: number;
  readonly flaggedByCategory: Readonly<Partial<Record<HallucinationCategory, number>>>;
  readonly stale: number;
  readonly conflicts: number;
  readonly annotators: readonly string[];
}

export function adjudicatedScore(
  itemIds: readonly string[],
  current: ReadonlyMap<string, ResultLine>,
  adjudicationOf: (itemId: string) => ItemAdjudication | undefined,
): AdjudicatedScore {
  let correct = 0;
  let decided = 0;
  let flagged = 0;
  let stale = 0;
  let conflicts = 0;
  const overrides: Record<string, number> = {};
  const byCategory: Partial<Record<HallucinationCategory, number>> = {};
  const annotators = new Set<string>();
  for (const itemId of itemIds) {
    const line = current.get(itemId);
    const adjudication = adjudicationOf(itemId);
    const auto = automaticOutcome(line);
    const final = adjudication?.final ?? null;
    if (final !== null) {
      decided += 1;
      if (final.verdict === true) correct += 1;
      const human = String(final.verdict);
      if (human !== auto) overrides[`${auto}->${human}`] = (overrides[`${auto}->${human}`] ?? 0) + 1;
    } else if (auto === 'true') {
      correct += 1;
    }
    if (adjudication === undefined) continue;
    for (const a of adjudication.annotators) annotators.add(a.annotator);
    if (adjudication.flags.length > 0) flagged += 1;
    for (const flag of adjudication.flags) byCategory[flag] = (byCategory[flag] ?? 0) + 1;
    if (adjudication.stale) stale += 1;
    if (adjudication.conflict) conflicts += 1;
  }
  return {
    accuracy: itemIds.length === 0 ? 0 : correct / itemIds.length,
    items: decided,
    overrides,
    flagged,
    flaggedByCategory: byCategory,
    stale,
    conflicts,
    annotators: [...annotators].sort(),
  };
}
