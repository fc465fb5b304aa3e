import { type ScoreHeader } from '../protocol/review';
import { ScoreTally, itemScoreTerms } from '../adjudication/adjudicatedScore';
import { type ItemAdjudication } from '../adjudication/itemAdjudication';
import { scoreHeaderParts } from '../contract/reviewCapabilities';
import { automaticScoreOf, countVerdictsOf } from '../runs/automaticSummary';
import { type IndexEntry } from '../runs/resultsIndex';
import { type RowBasis } from './itemViews';
import { type ReviewModel } from './reviewModel';

type AdjudicationOf = (itemId: string) => ItemAdjudication | undefined;

/**
 * The review header's scores: a pass over the run the first time, then kept current item by item as events
 * come in (an event's item taken out of the counts before it is added to the log, put back after).
 */
export class ScoreCounts {
  /** The adjudicated counts (undefined: recount on the next header()). */
  private tally: ScoreTally | undefined;
  private automaticAccuracy: number | undefined;
  /** What the benchmark adds to the score header (MC means…), computed with the automatic accuracy (both change only when results do). */
  private benchmarkHeader: Pick<ScoreHeader, 'mc' | 'verdicts'> | undefined;

  header(model: ReviewModel, adjudicationOf: AdjudicationOf): ScoreHeader {
    const ids = model.manifest.dataset.itemIds;
    // Each item's entry looked up once for both passes (a hundred thousand lookups each).
    let current: (IndexEntry<RowBasis> | undefined)[] | undefined;
    const currentEntries = (): (IndexEntry<RowBasis> | undefined)[] => (current ??= ids.map((id) => model.results.get(id)));
    if (this.automaticAccuracy === undefined) {
      this.automaticAccuracy = automaticScoreOf(countVerdictsOf(currentEntries())).accuracy;
      this.benchmarkHeader = scoreHeaderParts(model.view.review, model.view.settings, summariesOf(model.results.values()));
    }
    let tally = this.tally;
    if (tally === undefined) {
      tally = new ScoreTally();
      const entries = currentEntries();
      for (let i = 0; i < ids.length; i++) tally.add(itemScoreTerms(entries[i], adjudicationOf(ids[i] as string)));
      // Kept only when every item id is listed once, so that one item's change is one term.
      if (model.positions.size === ids.length) this.tally = tally;
    }
    return {
      items: ids.length,
      automaticAccuracy: this.automaticAccuracy,
      adjudicatedAccuracy: ids.length === 0 ? 0 : tally.correct / ids.length,
      adjudicatedItems: tally.decided,
      reviewedItems: tally.reviewed,
      conflicts: tally.conflicts,
      stale: tally.stale,
      flagged: tally.flagged,
      ...this.benchmarkHeader,
    };
  }

  /** Takes the items' terms out of the kept counts (-1) or puts them back in (1). */
  tallyItems(model: ReviewModel, itemIds: Iterable<string>, sign: 1 | -1, adjudicationOf: AdjudicationOf): void {
    const tally = this.tally;
    if (tally === undefined) return;
    for (const id of itemIds) if (model.positions.has(id)) tally.add(itemScoreTerms(model.results.get(id), adjudicationOf(id)), sign);
  }

  /** The adjudication log was read again from its start: recount. */
  forgetAdjudications(): void {
    this.tally = undefined;
  }

  /** The results changed: recount everything. */
  forgetResults(): void {
    this.tally = undefined;
    this.automaticAccuracy = undefined;
  }
}

function* summariesOf(entries: Iterable<IndexEntry<RowBasis>>): Generator<RowBasis> {
  for (const entry of entries) yield entry.summary;
}
