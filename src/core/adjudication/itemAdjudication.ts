import { type LoggedEvent } from './adjudicationLog';
import { basisDigest } from './basis';
import { type AnnotatorState, type HallucinationCategory, type Role, hasDecision } from './event';
import { isReviewed } from './reviewed';

export interface AnnotatorView {
  readonly annotator: string;
  readonly role: Role;
  readonly state: AnnotatorState;
  readonly time: string;
  readonly eventId: string;
  /** Made on another result than the item's current one: shown, never counted. */
  readonly stale: boolean;
  readonly blind: boolean;
}

export interface FinalVerdict {
  readonly verdict: boolean | null;
  readonly source: 'adjudicator' | 'agreement';
  readonly by: readonly string[];
}

export interface ItemAdjudication {
  readonly itemId: string;
  /** Each annotator's current state (latest time wins, ties to the later line), by name. */
  readonly annotators: readonly AnnotatorView[];
  readonly final: FinalVerdict | null;
  /** Annotators decided differently and no adjudicator settled it. */
  readonly conflict: boolean;
  readonly stale: boolean;
  /** Some current, non-stale state holds a verdict (items that take none: a flag or a note); see reviewed.ts. */
  readonly reviewed: boolean;
  /** Hallucination categories flagged in current (non-stale) states. */
  readonly flags: readonly HallucinationCategory[];
  readonly lastChange: string | null;
}

/** Events that win per annotator: the latest time, ties going to the later line. */
export function latestPerAnnotator(events: readonly LoggedEvent[]): LoggedEvent[] {
  const winners = new Map<string, LoggedEvent>();
  for (const logged of events) {
    const previous = winners.get(logged.event.annotator);
    if (previous === undefined || isLater(logged, previous)) winners.set(logged.event.annotator, logged);
  }
  return [...winners.values()].sort((a, b) => a.event.annotator.localeCompare(b.event.annotator));
}

function isLater(a: LoggedEvent, b: LoggedEvent): boolean {
  const ta = Date.parse(a.event.time);
  const tb = Date.parse(b.event.time);
  return ta > tb || (ta === tb && a.line > b.line);
}

/**
 * An item's adjudication under DESIGN's rules: the final human verdict is the latest non-stale adjudicator
 * decision; else the verdict shared by every annotator who decided; else none (a conflict when they differ).
 */
export function adjudicateItem(itemId: string, events: readonly LoggedEvent[], currentBasis: string | undefined, takesVerdicts = true): ItemAdjudication {
  const annotators: AnnotatorView[] = latestPerAnnotator(events).map(({ event }) => ({
    annotator: event.annotator,
    role: event.role,
    state: { ...(event.verdict !== undefined ? { verdict: event.verdict } : {}), hallucination: event.hallucination, note: event.note },
    time: event.time,
    eventId: event.id,
    stale: currentBasis === undefined || basisDigest(event.basis) !== currentBasis,
    blind: event.blind === true,
  }));
  const live = annotators.filter((a) => !a.stale);
  const decided = live.filter((a) => hasDecision(a.state));
  const adjudicators = decided.filter((a) => a.role === 'adjudicator').sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
  let final: FinalVerdict | null = null;
  let conflict = false;
  const latestAdjudicator = adjudicators[0];
  if (latestAdjudicator !== undefined) {
    final = { verdict: latestAdjudicator.state.verdict ?? null, source: 'adjudicator', by: [latestAdjudicator.annotator] };
  } else if (decided.length > 0) {
    const verdicts = new Set(decided.map((a) => a.state.verdict));
    if (verdicts.size === 1) final = { verdict: decided[0]?.state.verdict ?? null, source: 'agreement', by: decided.map((a) => a.annotator) };
    else conflict = true;
  }
  const flags = [...new Set(live.map((a) => a.state.hallucination).filter((h): h is HallucinationCategory => h !== null))];
  const times = annotators.map((a) => a.time).sort();
  return {
    itemId,
    annotators,
    final,
    conflict,
    stale: annotators.some((a) => a.stale),
    reviewed: isReviewed(annotators, takesVerdicts),
    flags,
    lastChange: times[times.length - 1] ?? null,
  };
}

/** Events grouped by item, so one new event recomputes one item. */
export class AdjudicationIndex {
  private readonly byItem = new Map<string, LoggedEvent[]>();

  /** `takesVerdicts`: the run's items take a verdict (false: flags and notes only), from the benchmark's review settings. */
  constructor(
    events: readonly LoggedEvent[] = [],
    private readonly takesVerdicts = true,
  ) {
    for (const logged of events) this.add(logged);
  }

  add(logged: LoggedEvent): void {
    const list = this.byItem.get(logged.event.itemId);
    if (list === undefined) this.byItem.set(logged.event.itemId, [logged]);
    else list.push(logged);
  }

  eventsOf(itemId: string): readonly LoggedEvent[] {
    return this.byItem.get(itemId) ?? [];
  }

  itemIds(): IterableIterator<string> {
    return this.byItem.keys();
  }

  /** `currentBasis`: the basis digest of the item's current result line (basis.ts), undefined when it has none. */
  adjudicate(itemId: string, currentBasis: string | undefined): ItemAdjudication {
    return adjudicateItem(itemId, this.eventsOf(itemId), currentBasis, this.takesVerdicts);
  }
}
