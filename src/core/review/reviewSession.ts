import { type ItemDetail, type ItemRow, type RunHeader, RunHeaderSchema, type ScoreHeader } from '../../protocol';
import { ScoreTally, itemScoreTerms } from '../adjudication/adjudicatedScore';
import { type LogProblem, unknownItemProblems } from '../adjudication/adjudicationLog';
import { type AnnotatorState, EMPTY_STATE, categoryIdsOf } from '../adjudication/event';
import { AdjudicationIndex, type GradedItem, type ItemAdjudication } from '../adjudication/itemAdjudication';
import { type ReviewAid } from '../benchmarks/benchmark';
import { benchmarkOf } from '../benchmarks/registry';
import { reviewSettingsOf, runHeaderParts, scoreHeaderParts } from '../benchmarks/reviewCapabilities';
import { automaticScoreOf, countVerdictsOf } from '../runs/automaticSummary';
import { type ResultLine } from '../runs/resultLine';
import { type RunManifest } from '../runs/runManifest';
import { isGraded, scaleOf } from '../scale/verdictScale';
import { type RunPaths, readManifest, runPaths } from '../runs/runFolder';
import { type IndexEntry, ResultsIndex } from '../runs/resultsIndex';
import { AdjudicationTail } from './adjudicationTail';
import { type UndoStep, UndoHistory } from '../adjudication/undoHistory';
import { rowBasisFile } from './rowBasisFile';
import { type RowBasis, type ViewContext, detailOf, itemSearchText, rowBasisOf, rowFrom, rowOf } from './itemViews';
import { foldText, matchesItem, queryTerms } from './textFold';
import { tornLineProblems } from '../runs/tornLines';

/** What the item views need from run.json: the model, and what the benchmark's review parts read of it. */
function viewContextOf(manifest: RunManifest, model: string, aid: ReviewAid | null): ViewContext {
  const { review, facets } = benchmarkOf(manifest.benchmark);
  return { model, review, facets, settings: reviewSettingsOf(review, manifest), aid, scale: scaleOf(manifest) };
}

export interface ReviewSessionOptions {
  /**
   * Rows carry their search text, which takes every item's line read in full (the default, for callers
   * that filter rows themselves). The review panel turns it off: its searches are answered by search().
   */
  readonly searchInRows?: boolean;
}

function resultsIndexOf(path: string, manifest: RunManifest, positions: ReadonlyMap<string, number>): ResultsIndex<RowBasis> {
  const context = viewContextOf(manifest, '', null);
  return ResultsIndex.read(path, {
    manifest,
    knownIds: positions,
    describe: (line) => rowBasisOf(line, context),
    file: rowBasisFile(manifest, context.settings.primaryMetric),
  });
}

/** Each item id's position in the run's order (a loop: no pair array per item, on 100 000 items). */
function positionsOf(itemIds: readonly string[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (let i = 0; i < itemIds.length; i++) positions.set(itemIds[i] as string, i);
  return positions;
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

/**
 * A run under review: its results (through a compact index of results.jsonl: a line is read in full only
 * for an item shown), its adjudication log followed as it grows, and the rows, scores, item details and
 * search answers the panel shows for one annotator. Pure (no VS Code), so it is tested without an editor.
 */
export class ReviewSession {
  readonly paths: RunPaths;
  private manifestValue: RunManifest;
  private results: ResultsIndex<RowBasis>;
  private readonly searchInRows: boolean;
  /** Each item's folded search text (notes apart), built on the first search. */
  private corpus: Map<string, string> | undefined;
  private index: AdjudicationIndex;
  private readonly cache = new Map<string, ItemAdjudication>();
  private positions: Map<string, number>;
  private tail: AdjudicationTail;
  private aid: ReviewAid | null = null;
  private context: ViewContext;
  /** The header's counts, kept current item by item (undefined: recount on the next header()). */
  private tally: ScoreTally | undefined;
  private automaticAccuracy: number | undefined;
  /** What the benchmark adds to the score header (MC means…), computed with the automatic accuracy (both change only when results do). */
  private benchmarkHeader: Pick<ScoreHeader, 'mc' | 'verdicts'> | undefined;

  private constructor(
    dir: string,
    readonly annotator: string,
    options: ReviewSessionOptions,
  ) {
    this.paths = runPaths(dir);
    this.searchInRows = options.searchInRows ?? true;
    this.manifestValue = readManifest(this.paths.dir);
    this.positions = positionsOf(this.manifestValue.dataset.itemIds);
    this.results = resultsIndexOf(this.paths.results, this.manifestValue, this.positions);
    this.tail = new AdjudicationTail(this.paths.adjudications, {
      categories: categoryIdsOf(this.manifestValue.benchmark),
      scale: scaleOf(this.manifestValue),
    });
    this.context = viewContextOf(this.manifestValue, this.modelName(), null);
    this.index = new AdjudicationIndex([], this.context.settings.decidable, new UndoHistory(this.annotator));
  }

  /** Opens a run folder and reads its whole adjudication log; problems in the log are returned, not thrown. */
  static open(
    dir: string,
    annotator: string,
    options: ReviewSessionOptions = {},
  ): { session: ReviewSession; problems: readonly LogProblem[] } {
    const session = new ReviewSession(dir, annotator, options);
    // Nobody has rows yet: the log is taken in without building the rows it touched.
    const { problems } = session.takeTail(false);
    return { session, problems: [...problems, ...tornLineProblems(session.paths)] };
  }

  get manifest(): RunManifest {
    return this.manifestValue;
  }

  /** The benchmark's review aid (English glosses…), loaded later (it may need a download): details and search use it. */
  setAid(aid: ReviewAid | null): void {
    this.aid = aid;
    this.context = viewContextOf(this.manifestValue, this.modelName(), aid);
    this.corpus = undefined;
  }

  /** The item's position in the run's dataset order, or -1. */
  positionOf(itemId: string): number {
    return this.positions.get(itemId) ?? -1;
  }

  hasItem(itemId: string): boolean {
    return this.positions.has(itemId);
  }

  /** The item's current result line, read from results.jsonl by its offset and validated in full. */
  currentLine(itemId: string): ResultLine | undefined {
    return this.results.readLine(itemId);
  }

  adjudication(itemId: string): ItemAdjudication | undefined {
    // Most items have no event: one lookup says so.
    if (this.index.eventsOf(itemId).length === 0) return undefined;
    const cached = this.cache.get(itemId);
    if (cached !== undefined) return cached;
    const computed = this.index.adjudicate(itemId, this.results.get(itemId)?.basisDigest, this.gradedItem(itemId));
    this.cache.set(itemId, computed);
    return computed;
  }

  /** On a graded run: the item's criteria (its current line's) and run.json's aggregation, which its grade follows from. */
  private gradedItem(itemId: string): GradedItem {
    if (!isGraded(scaleOf(this.manifestValue))) return {};
    return { criteria: this.currentLine(itemId)?.criteria, aggregation: this.manifestValue.criteriaAggregation };
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

  private modelName(): string {
    const m = this.manifestValue;
    const imported = typeof m['importedModel'] === 'string' ? m['importedModel'] : null;
    return m.model?.name ?? imported ?? 'unknown model';
  }

  runHeader(): RunHeader {
    const m = this.manifestValue;
    return {
      runDir: this.paths.dir,
      runId: m.id,
      benchmark: RunHeaderSchema.shape.benchmark.parse(m.benchmark),
      task: m.task,
      model: this.modelName(),
      judge: m.judge?.name ?? null,
      status: m.status,
      ...runHeaderParts(this.context.settings),
    };
  }

  /** The scores: a pass over the run the first time, then kept current by readTail() item by item. */
  header(): ScoreHeader {
    const ids = this.manifestValue.dataset.itemIds;
    // Each item's entry looked up once for both passes (a hundred thousand lookups each).
    let current: (IndexEntry<RowBasis> | undefined)[] | undefined;
    const currentEntries = (): (IndexEntry<RowBasis> | undefined)[] => (current ??= ids.map((id) => this.results.get(id)));
    if (this.automaticAccuracy === undefined) {
      this.automaticAccuracy = automaticScoreOf(countVerdictsOf(currentEntries())).accuracy;
      this.benchmarkHeader = scoreHeaderParts(this.context.review, this.context.settings, summariesOf(this.results.values()));
    }
    let tally = this.tally;
    if (tally === undefined) {
      tally = new ScoreTally();
      const entries = currentEntries();
      for (let i = 0; i < ids.length; i++) tally.add(itemScoreTerms(entries[i], this.adjudication(ids[i] as string)));
      // Kept only when every item id is listed once, so that one item's change is one term.
      if (this.positions.size === ids.length) this.tally = tally;
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

  /** Takes the items' terms out of the kept header counts (-1) or puts them back in (1). */
  private tallyItems(itemIds: Iterable<string>, sign: 1 | -1): void {
    const tally = this.tally;
    if (tally === undefined) return;
    for (const id of itemIds) if (this.positions.has(id)) tally.add(itemScoreTerms(this.results.get(id), this.adjudication(id)), sign);
  }

  rows(): ItemRow[] {
    return this.rowsBetween(0, this.manifestValue.dataset.itemIds.length);
  }

  /** The rows at dataset positions [start, end). */
  rowsBetween(start: number, end: number): ItemRow[] {
    return this.manifestValue.dataset.itemIds.slice(start, end).map((id, i) => this.rowAt(id, start + i));
  }

  row(itemId: string): ItemRow | undefined {
    const index = this.positions.get(itemId);
    return index === undefined ? undefined : this.rowAt(itemId, index);
  }

  private rowAt(itemId: string, index: number): ItemRow {
    if (this.searchInRows)
      return rowOf(itemId, index, this.results.readLine(itemId), this.adjudication(itemId), this.annotator, this.context);
    const entry = this.results.get(itemId);
    const source = entry === undefined ? undefined : { auto: outcomeOf(entry), basis: entry.summary };
    return rowFrom(itemId, index, source, this.adjudication(itemId), this.annotator, this.context);
  }

  detail(itemId: string, canUndo: boolean): ItemDetail {
    return detailOf(itemId, this.results.readLine(itemId), this.adjudication(itemId), this.annotator, canUndo, this.context);
  }

  /**
   * The ids, in dataset order, of the items whose texts (question, choices, answers, references, gloss,
   * notes), id or position match every word of the query, folded as the list folds them. The item texts
   * are read and folded once, on the first search.
   */
  search(query: string): string[] {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const corpus = this.searchCorpus();
    const matches: string[] = [];
    this.manifestValue.dataset.itemIds.forEach((id, index) => {
      let text = corpus.get(id);
      if (text === undefined) {
        text = foldText(itemSearchText(this.results.readLine(id), this.context));
        corpus.set(id, text);
      }
      const notes =
        this.adjudication(id)
          ?.annotators.filter((a) => a.state.note !== '')
          .map((a) => foldText(a.state.note)) ?? [];
      if (matchesItem(notes.length === 0 ? text : [text, ...notes].join('\n'), id, index, terms)) matches.push(id);
    });
    return matches;
  }

  private searchCorpus(): Map<string, string> {
    if (this.corpus !== undefined) return this.corpus;
    const corpus = new Map<string, string>();
    this.results.forEachLine((line) => corpus.set(line.itemId, foldText(itemSearchText(line, this.context))));
    this.corpus = corpus;
    return corpus;
  }

  /** Takes in events appended since the last read (by this window or anyone else); returns the rows that changed. */
  readTail(): TailUpdate {
    return this.takeTail(true);
  }

  private takeTail(withRows: boolean): TailUpdate {
    const read = this.tail.read();
    if (read.reset) {
      this.index = new AdjudicationIndex([], this.context.settings.decidable, new UndoHistory(this.annotator));
      this.cache.clear();
      this.tally = undefined;
    }
    const touched = new Set(read.events.map((logged) => logged.event.itemId));
    this.tallyItems(touched, -1);
    for (const logged of read.events) {
      this.index.add(logged);
      this.cache.delete(logged.event.itemId);
    }
    this.tallyItems(touched, 1);
    const changedRows = !withRows ? [] : read.reset ? this.rows() : [...touched].map((id) => this.row(id)).filter((r) => r !== undefined);
    const unknown = unknownItemProblems(read.events, (id) => this.positions.has(id), this.paths.adjudications);
    return { changedRows, problems: [...read.problems, ...unknown].sort((a, b) => a.line - b.line), reset: read.reset };
  }

  /**
   * Re-reads results.jsonl (a running run appended results, or a retry finished); returns the rows whose
   * result changed (a new line always has a new time), or every row when the run's items changed.
   */
  reloadResults(): ItemRow[] {
    const idsBefore = this.manifestValue.dataset.itemIds.join('\n');
    this.manifestValue = readManifest(this.paths.dir);
    this.context = viewContextOf(this.manifestValue, this.modelName(), this.aid);
    this.cache.clear();
    this.tally = undefined;
    this.automaticAccuracy = undefined;
    if (this.manifestValue.dataset.itemIds.join('\n') !== idsBefore) {
      this.positions = positionsOf(this.manifestValue.dataset.itemIds);
      this.results = resultsIndexOf(this.paths.results, this.manifestValue, this.positions);
      this.corpus = undefined;
      return this.rows();
    }
    const { changed, reset } = this.results.refresh();
    if (reset) this.corpus = undefined;
    for (const id of changed) this.corpus?.delete(id);
    return [...new Set(changed)].map((id) => this.row(id)).filter((r) => r !== undefined);
  }
}

function* summariesOf(entries: Iterable<IndexEntry<RowBasis>>): Generator<RowBasis> {
  for (const entry of entries) yield entry.summary;
}
