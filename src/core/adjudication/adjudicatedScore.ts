import { type ResultLine } from '../runs/resultLine';
import { type HallucinationCategory } from './event';
import { type ItemAdjudication } from './itemAdjudication';

export type AutomaticOutcome = 'true' | 'false' | 'null' | 'error' | 'missing';

export function automaticOutcome(line: Pick<ResultLine, 'error' | 'verdict'> | undefined): AutomaticOutcome {
  if (line === undefined) return 'missing';
  if (line.error !== null) return 'error';
  return line.verdict === null ? 'null' : line.verdict ? 'true' : 'false';
}

export interface AdjudicatedScore {
  /** (items whose final human verdict is true + items without one whose automatic verdict is true) / items. */
  readonly accuracy: number;
  /** Items with a final human verdict (on a graded run: a final human grade). */
  readonly items: number;
  /** Items reviewed: some current, non-stale state holds a verdict (items that take none: a flag or a note); reviewed.ts. */
  readonly reviewed: number;
  /** Items whose final human verdict differs from the automatic outcome, by direction ("null->true"). */
  readonly overrides: Readonly<Record<string, number>>;
  /** Items with at least one current hallucination flag, and flags by category. */
  readonly flagged: number;
  readonly flaggedByCategory: Readonly<Partial<Record<HallucinationCategory, number>>>;
  readonly stale: number;
  readonly conflicts: number;
  readonly annotators: readonly string[];
}

/** What one item adds to the adjudicated score's counts (each 0 or 1). */
export interface ItemScoreTerms {
  /** Its final human verdict is true, or it has none and its automatic verdict is true. */
  readonly correct: number;
  /** It has a final human verdict (or grade). */
  readonly decided: number;
  /** It is reviewed (a verdict in a current state; reviewed.ts). */
  readonly reviewed: number;
  readonly flagged: number;
  readonly stale: number;
  readonly conflict: number;
}

export function itemScoreTerms(
  line: Pick<ResultLine, 'error' | 'verdict'> | undefined,
  adjudication: ItemAdjudication | undefined,
): ItemScoreTerms {
  const final = adjudication?.final ?? null;
  const correct = final !== null ? final.verdict === true : automaticOutcome(line) === 'true';
  return {
    correct: correct ? 1 : 0,
    decided: final !== null || (adjudication?.finalGrade ?? null) !== null ? 1 : 0,
    reviewed: adjudication?.reviewed === true ? 1 : 0,
    flagged: adjudication !== undefined && adjudication.flags.length > 0 ? 1 : 0,
    stale: adjudication?.stale === true ? 1 : 0,
    conflict: adjudication?.conflict === true ? 1 : 0,
  };
}

/**
 * Running sums of ItemScoreTerms over a run's items. A decision changes one item, so a reviewer's header is
 * kept current by taking that item's terms out and putting its new terms in, not by a pass over the run.
 */
export class ScoreTally {
  correct = 0;
  decided = 0;
  reviewed = 0;
  flagged = 0;
  stale = 0;
  conflicts = 0;

  add(terms: ItemScoreTerms, sign: 1 | -1 = 1): void {
    this.correct += sign * terms.correct;
    this.decided += sign * terms.decided;
    this.reviewed += sign * terms.reviewed;
    this.flagged += sign * terms.flagged;
    this.stale += sign * terms.stale;
    this.conflicts += sign * terms.conflict;
  }
}

/** The review's progress in words, the same in `summary` and the Runs view: "7 of 20 reviewed (5 with a final human verdict)". */
export function reviewProgress(
  score: Pick<AdjudicatedScore, 'reviewed' | 'items'>,
  items: number,
  decision: 'verdict' | 'grade' = 'verdict',
): string {
  return `${score.reviewed} of ${items} reviewed (${score.items} with a final human ${decision})`;
}

export function adjudicatedScore(
  itemIds: readonly string[],
  current: ReadonlyMap<string, ResultLine>,
  adjudicationOf: (itemId: string) => ItemAdjudication | undefined,
): AdjudicatedScore {
  let correct = 0;
  let decided = 0;
  let reviewed = 0;
  let flagged = 0;
  let stale = 0;
  let conflicts = 0;
  const overrides: Record<string, number> = {};
  const byCategory: Partial<Record<HallucinationCategory, number>> = {};
  const annotators = new Set<string>();
  for (const itemId of itemIds) {
    const line = current.get(itemId);
    const adjudication = adjudicationOf(itemId);
    const terms = itemScoreTerms(line, adjudication);
    correct += terms.correct;
    decided += terms.decided;
    reviewed += terms.reviewed;
    flagged += terms.flagged;
    stale += terms.stale;
    conflicts += terms.conflict;
    const final = adjudication?.final ?? null;
    if (final !== null) {
      const auto = automaticOutcome(line);
      const human = String(final.verdict);
      if (human !== auto) overrides[`${auto}->${human}`] = (overrides[`${auto}->${human}`] ?? 0) + 1;
    }
    if (adjudication === undefined) continue;
    for (const a of [...adjudication.annotators, ...adjudication.criteria.flatMap((c) => c.annotators)]) annotators.add(a.annotator);
    for (const flag of adjudication.flags) byCategory[flag] = (byCategory[flag] ?? 0) + 1;
  }
  return {
    accuracy: itemIds.length === 0 ? 0 : correct / itemIds.length,
    items: decided,
    reviewed,
    overrides,
    flagged,
    flaggedByCategory: byCategory,
    stale,
    conflicts,
    annotators: [...annotators].sort(),
  };
}
