import { type ItemDetail, type ItemRow, type RunHeader, type ScoreHeader } from '../../protocol';
import { adjudicatedScore } from '../adjudication/adjudicatedScore';
import { type LogProblem } from '../adjudication/adjudicationLog';
import { type AnnotatorState, EMPTY_STATE } from '../adjudication/event';
import { AdjudicationIndex, type ItemAdjudication } from '../adjudication/itemAdjudication';
import { automaticScore } from '../runs/automaticSummary';
import { type ResultLine } from '../runs/resultLine';
import { type RunManifest } from '../runs/runManifest';
import { type RunPaths, readCurrentResults, readManifest, runPaths } from '../runs/runFolder';
import { AdjudicationTail } from './adjudicationTail';
import { detailOf, rowOf } from './itemViews';

export interface TailUpdate {
  readonly changedRows: ItemRow[];
  readonly problems: readonly LogProblem[];
}

/**
 * A run under review: its results, its adjudication log followed as it grows, and the rows, scores and
 * item details the panel shows for one annotator. Pure (no VS Code), so it is tested without an editor.
 */
export class ReviewSession {
  readonly paths: RunPaths;
  private manifestValue: RunManifest;
  private current: Map<string, ResultLine>;
  private index = new AdjudicationIndex();
  private readonly cache = new Map<string, ItemAdjudication>();
  private readonly positions: Map<string, number>;
  private tail: AdjudicationTail;

  private constructor(
    dir: string,
    readonly annotator: string,
  ) {
    this.paths = runPaths(dir);
    this.manifestValue = readManifest(this.paths.dir);
    this.current = readCurrentResults(this.paths.dir, this.manifestValue).byItem;
    this.positions = new Map(this.manifestValue.dataset.itemIds.map((id, i) => [id, i]));
    this.tail = new AdjudicationTail(this.paths.adjudications);
  }

  /** Opens a run folder and reads its whole adjudication log; problems in the log are returned, not thrown. */
  static open(dir: string, annotator: string): { session: ReviewSession; problems: readonly LogProblem[] } {
    const session = new ReviewSession(dir, annotator);
    const { problems } = session.readTail();
    return { session, problems };
  }

  get manifest(): RunManifest {
    return this.manifestValue;
  }

  hasItem(itemId: string): boolean {
    return this.positions.has(itemId);
  }

  currentLine(itemId: string): ResultLine | undefined {
    return this.current.get(itemId);
  }

  adjudication(itemId: string): ItemAdjudication | undefined {
    const cached = this.cache.get(itemId);
    if (cached !== undefined) return cached;
    if (this.index.eventsOf(itemId).length === 0) return undefined;
    const computed = this.index.adjudicate(itemId, this.current.get(itemId));
    this.cache.set(itemId, computed);
    return computed;
  }

  /** This annotator's current (non-stale) state on the item, or the empty state. */
  myState(itemId: string): AnnotatorState {
    const mine = this.adjudication(itemId)?.annotators.find((a) => a.annotator === this.annotator && !a.stale);
    return mine?.state ?? EMPTY_STATE;
  }

  runHeader(): RunHeader {
    const m = this.manifestValue;
    const imported = typeof m['importedModel'] === 'string' ? m['importedModel'] : null;
    return {
      runDir: this.paths.dir,
      runId: m.id,
      benchmark: m.benchmark,
      task: m.task,
      model: m.model?.name ?? imported ?? 'unknown model',
      judge: m.judge?.name ?? null,
      status: m.status,
    };
  }

  header(): ScoreHeader {
    const ids = this.manifestValue.dataset.itemIds;
    const automatic = automaticScore(this.manifestValue, this.current);
    const adjudicated = adjudicatedScore(ids, this.current, (id) => this.adjudication(id));
    return {
      items: ids.length,
      automaticAccuracy: automatic.accuracy,
      adjudicatedAccuracy: adjudicated.accuracy,
      adjudicatedItems: adjudicated.items,
      conflicts: adjudicated.conflicts,
      stale: adjudicated.stale,
      flagged: adjudicated.flagged,
    };
  }

  rows(): ItemRow[] {
    return this.manifestValue.dataset.itemIds.map((id, index) => rowOf(id, index, this.current.get(id), this.adjudication(id), this.annotator));
  }

  row(itemId: string): ItemRow | undefined {
    const index = this.positions.get(itemId);
    return index === undefined ? undefined : rowOf(itemId, index, this.current.get(itemId), this.adjudication(itemId), this.annotator);
  }

  detail(itemId: string, canUndo: boolean): ItemDetail {
    return detailOf(itemId, this.current.get(itemId), this.adjudication(itemId), this.annotator, canUndo);
  }

  /** Takes in events appended since the last read (by this window or anyone else); returns the rows that changed. */
  readTail(): TailUpdate {
    const read = this.tail.read();
    if (read.reset) {
      this.index = new AdjudicationIndex();
      this.cache.clear();
    }
    const touched = new Set<string>();
    for (const logged of read.events) {
      this.index.add(logged);
      this.cache.delete(logged.event.itemId);
      touched.add(logged.event.itemId);
    }
    const changedRows = read.reset ? this.rows() : [...touched].map((id) => this.row(id)).filter((r) => r !== undefined);
    return { changedRows, problems: read.problems };
  }

  /** Re-reads results.jsonl (a running run appended results, or a retry finished); every row may change. */
  reloadResults(): ItemRow[] {
    this.manifestValue = readManifest(this.paths.dir);
    this.current = readCurrentResults(this.paths.dir, this.manifestValue).byItem;
    this.cache.clear();
    return this.rows();
  }
}
