import { type ItemDetail, type ItemRow, type RunHeader, RunHeaderSchema, type ScoreHeader } from '../protocol/review';
import { type LogProblem } from '../adjudication/adjudicationLog';
import { type AnnotatorState, EMPTY_STATE } from '../adjudication/event';
import { AdjudicationIndex, type GradedItem, type ItemAdjudication } from '../adjudication/itemAdjudication';
import { type UndoStep, UndoHistory } from '../adjudication/undoHistory';
import { type ReviewAid } from '../contract/benchmark';
import { runHeaderParts } from '../contract/reviewCapabilities';
import { type ResultLine } from '../runs/resultLine';
import { type IndexEntry } from '../runs/resultsIndex';
import { type RunManifest } from '../runs/runManifest';
import { type RunPaths } from '../runs/runFolder';
import { isGraded } from '../scale/verdictScale';
import { type RowBasis, detailOf, rowFrom, rowOf } from './itemViews';
import { type AdjudicationsRead, ReviewLoader, type ReviewModel } from './reviewModel';
import { ScoreCounts } from './scoreCounts';
import { SearchCorpus } from './searchCorpus';

export interface ReviewSessionOptions {
  /**
   * Rows carry their search text, which takes every item's line read in full (the default, for callers
   * that filter rows themselves). The review panel turns it off: its searches are answered by search().
   */
  readonly searchInRows?: boolean;
}

function outcomeOf(entry: IndexEntry<RowBasis>): ItemRow['auto'] {
  if (entry.error !== null) return 'error';
  return entry.verdict === null ? 'null' : entry.verdict ? 'true' : 'false';
}

export interface TailUpdate {
  readonly changedRows: ItemRow[];
  /** Lines skipped in what was read: not valid events, or events for items the run does not have. */
  readonly problems: readonly LogProblem[];
  /** The log was read again from its start: earlier problems are void. */
  readonly reset: boolean;
}

/** What the folder watcher's report changed: the rows to send, and the run's header when results (and run.json) were read again. */
export interface FolderUpdate {
  readonly rows: ItemRow[];
  readonly run?: RunHeader;
  readonly problems: readonly LogProblem[];
  readonly reset: boolean;
}

/**
 * A run under review for one annotator: the rows, scores, item details and search answers the panel shows,
 * worked out from the run's ReviewModel and the adjudication events its loader reads. The data flows one way:
 * folder → ReviewLoader → ReviewModel and events → this session → the panel. Pure (no VS Code), so it is
 * tested without an editor.
 */
export class ReviewSession {
  private model: ReviewModel;
  private readonly searchInRows: boolean;
  private readonly corpus = new SearchCorpus();
  private readonly scores = new ScoreCounts();
  private index: AdjudicationIndex;
  private readonly cache = new Map<string, ItemAdjudication>();

  private constructor(
    private readonly loader: ReviewLoader,
    readonly annotator: string,
    options: ReviewSessionOptions,
  ) {
    this.model = loader.model;
    this.searchInRows = options.searchInRows ?? true;
    this.index = this.emptyIndex();
  }

  /** Opens a run folder and reads its whole adjudication log; problems in the log are returned, not thrown. */
  static open(
    dir: string,
    annotator: string,
    options: ReviewSessionOptions = {},
  ): { session: ReviewSession; problems: readonly LogProblem[] } {
    const opened = ReviewLoader.open(dir);
    const session = new ReviewSession(opened.loader, annotator, options);
    // Nobody has rows yet: the log is taken in without building the rows it touched.
    const { problems } = session.takeAdjudications(opened.adjudications, false);
    return { session, problems };
  }

  get paths(): RunPaths {
    return this.model.paths;
  }

  get manifest(): RunManifest {
    return this.model.manifest;
  }

  /** The benchmark's review aid (English glosses…), loaded later (it may need a download): details and search use it. */
  setAid(aid: ReviewAid | null): void {
    this.model = this.loader.withAid(aid);
    this.corpus.forget('all');
  }

  /** The item's position in the run's dataset order, or -1. */
  positionOf(itemId: string): number {
    return this.model.positions.get(itemId) ?? -1;
  }

  hasItem(itemId: string): boolean {
    return this.model.positions.has(itemId);
  }

  /** The item's current result line, read from results.jsonl by its offset and validated in full. */
  currentLine(itemId: string): ResultLine | undefined {
    return this.model.results.readLine(itemId);
  }

  adjudication(itemId: string): ItemAdjudication | undefined {
    // Most items have no event: one lookup says so.
    if (this.index.eventsOf(itemId).length === 0) return undefined;
    const cached = this.cache.get(itemId);
    if (cached !== undefined) return cached;
    const computed = this.index.adjudicate(itemId, this.model.results.get(itemId)?.basisDigest, this.gradedItem(itemId));
    this.cache.set(itemId, computed);
    return computed;
  }

  private readonly adjudicationOf = (itemId: string): ItemAdjudication | undefined => this.adjudication(itemId);

  /** On a graded run: the item's criteria (its current line's) and run.json's aggregation, which its grade follows from. */
  private gradedItem(itemId: string): GradedItem {
    if (!isGraded(this.model.view.scale)) return {};
    return { criteria: this.currentLine(itemId)?.criteria, aggregation: this.model.manifest.criteriaAggregation };
  }

  /** This annotator's current (non-stale) state on the item, or the empty state. */
  myState(itemId: string): AnnotatorState {
    return this.mine(itemId).state;
  }

  /** This annotator's current state of an item (or of one of its criteria) and whether it was decided blind (false when there is none). */
  mine(itemId: string, criterion?: string): { state: AnnotatorState; blind: boolean } {
    const adjudication = this.adjudication(itemId);
    const views = criterion === undefined ? adjudication?.annotators : adjudication?.criteria.find((c) => c.id === criterion)?.annotators;
    const mine = views?.find((a) => a.annotator === this.annotator && !a.stale);
    return { state: mine?.state ?? EMPTY_STATE, blind: mine?.blind ?? false };
  }

  /** What this annotator's undo takes back now (their last event not yet undone, read from the log), if anything. */
  readonly lastUndo = (): UndoStep | undefined => this.index.undo?.last();

  runHeader(): RunHeader {
    const m = this.model.manifest;
    return {
      runDir: this.model.paths.dir,
      runId: m.id,
      benchmark: RunHeaderSchema.shape.benchmark.parse(m.benchmark),
      task: m.task,
      model: this.model.view.model,
      judge: m.judge?.name ?? null,
      status: m.status,
      ...runHeaderParts(this.model.view.settings),
    };
  }

  /** The scores: a pass over the run the first time, then kept current by readTail() item by item. */
  header(): ScoreHeader {
    return this.scores.header(this.model, this.adjudicationOf);
  }

  rows(): ItemRow[] {
    return this.rowsBetween(0, this.model.manifest.dataset.itemIds.length);
  }

  /** The rows at dataset positions [start, end). */
  rowsBetween(start: number, end: number): ItemRow[] {
    return this.model.manifest.dataset.itemIds.slice(start, end).map((id, i) => this.rowAt(id, start + i));
  }

  row(itemId: string): ItemRow | undefined {
    const index = this.model.positions.get(itemId);
    return index === undefined ? undefined : this.rowAt(itemId, index);
  }

  private rowAt(itemId: string, index: number): ItemRow {
    const { results, view } = this.model;
    if (this.searchInRows) return rowOf(itemId, index, results.readLine(itemId), this.adjudication(itemId), this.annotator, view);
    const entry = results.get(itemId);
    const source = entry === undefined ? undefined : { auto: outcomeOf(entry), basis: entry.summary };
    return rowFrom(itemId, index, source, this.adjudication(itemId), this.annotator, view);
  }

  detail(itemId: string, canUndo: boolean): ItemDetail {
    const { results, view } = this.model;
    return detailOf(itemId, results.readLine(itemId), this.adjudication(itemId), this.annotator, canUndo, view);
  }

  /**
   * The ids, in dataset order, of the items whose texts (question, choices, answers, references, gloss,
   * notes), id or position match every word of the query, folded as the list folds them. The item texts
   * are read and folded once, on the first search.
   */
  search(query: string): string[] {
    return this.corpus.search(this.model, query, this.adjudicationOf);
  }

  /** Takes in events appended since the last read (by this window or anyone else); returns the rows that changed. */
  readTail(): TailUpdate {
    return this.takeAdjudications(this.loader.readAdjudications(), true);
  }

  private emptyIndex(): AdjudicationIndex {
    return new AdjudicationIndex([], this.model.view.settings.decidable, new UndoHistory(this.annotator));
  }

  private takeAdjudications(read: AdjudicationsRead, withRows: boolean): TailUpdate {
    if (read.reset) {
      this.index = this.emptyIndex();
      this.cache.clear();
      this.scores.forgetAdjudications();
    }
    const touched = new Set(read.events.map((logged) => logged.event.itemId));
    this.scores.tallyItems(this.model, touched, -1, this.adjudicationOf);
    for (const logged of read.events) {
      this.index.add(logged);
      this.cache.delete(logged.event.itemId);
    }
    this.scores.tallyItems(this.model, touched, 1, this.adjudicationOf);
    const changedRows = !withRows ? [] : read.reset ? this.rows() : [...touched].map((id) => this.row(id)).filter((r) => r !== undefined);
    return { changedRows, problems: read.problems, reset: read.reset };
  }

  /**
   * Re-reads results.jsonl (a running run appended results, or a retry finished); returns the rows whose
   * result changed (a new line always has a new time), or every row when the run's items changed.
   */
  reloadResults(): ItemRow[] {
    const read = this.loader.readResults();
    this.model = read.model;
    this.cache.clear();
    this.scores.forgetResults();
    if (read.itemsChanged) {
      this.corpus.forget('all');
      return this.rows();
    }
    this.corpus.forget(read.reset ? 'all' : read.changed);
    return [...new Set(read.changed)].map((id) => this.row(id)).filter((r) => r !== undefined);
  }

  /** Takes in what changed in the folder: the results (with run.json) when they did, then the log's new events. */
  takeChanges(resultsChanged: boolean): FolderUpdate {
    if (!resultsChanged) {
      const { changedRows, problems, reset } = this.readTail();
      return { rows: changedRows, problems, reset };
    }
    const rows = this.reloadResults();
    const { problems, reset } = this.readTail();
    return { rows, run: this.runHeader(), problems, reset };
  }
}
