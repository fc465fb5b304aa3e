import { type KalahiMcPart, KalahiMcPartSchema } from '../benchmarks/kalahi/resultParts';
import { mcMeans } from '../benchmarks/kalahi/mcMeans';
import { z } from 'zod';
import { type ItemDetail, type ItemRow, type RunHeader, type ScoreHeader } from '../../protocol';
import { ScoreTally, itemScoreTerms } from '../adjudication/adjudicatedScore';
import { type LogProblem, unknownItemProblems } from '../adjudication/adjudicationLog';
import { type AnnotatorState, EMPTY_STATE } from '../adjudication/event';
import { AdjudicationIndex, type ItemAdjudication } from '../adjudication/itemAdjudication';
import { type GlossIndex } from '../benchmarks/yokaieval/gloss';
import { automaticScore } from '../runs/automaticSummary';
import { type ResultLine } from '../runs/resultLine';
import { type RunManifest } from '../runs/runManifest';
import { type RunPaths, readCurrentResults, readManifest, runPaths } from '../runs/runFolder';
import { AdjudicationTail } from './adjudicationTail';
import { type ViewContext, detailOf, rowOf } from './itemViews';

const KalahiOpenSettings = z.looseObject({ open: z.looseObject({ metrics: z.array(z.string()), primaryMetric: z.string().min(1) }).nullable() });

/** What the item views need from run.json: the model, whether items take a verdict, Kalahi's metrics. */
function viewContextOf(manifest: RunManifest, model: string, gloss: GlossIndex | null): ViewContext {
  const open = KalahiOpenSettings.safeParse(manifest.settings);
  const settings = open.success ? open.data.open : null;
  return {
    model,
    decidable: !(manifest.benchmark === 'kalahi' && manifest.task === 'mc'),
    primaryMetric: settings?.primaryMetric ?? 'chrf',
    metrics: settings?.metrics ?? [],
    gloss,
  };
}

export interface TailUpdate {
  readonly changedRows: ItemRow[];
  /** Lines skipped in what was read: not valid events, or events for items the run does not have. */
  readonly problems: readonly LogProblem[];
  /** The log was read again from its start: earlier problems are void. */
  readonly reset: boolean;
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
  private positions: Map<string, number>;
  private tail: AdjudicationTail;
  private gloss: GlossIndex | null = null;
  private context: ViewContext;
  /** The header's counts, kept current item by item (undefined: recount on the next header()). */
  private tally: ScoreTally | undefined;
  private automaticAccuracy: number | undefined;
  /** Kalahi MC means, computed with the automatic accuracy (both change only when results do). */
  private mc: ScoreHeader['mc'];

  private constructor(
    dir: string,
    readonly annotator: string,
  ) {
    this.paths = runPaths(dir);
    this.manifestValue = readManifest(this.paths.dir);
    this.current = readCurrentResults(this.paths.dir, this.manifestValue).byItem;
    this.positions = new Map(this.manifestValue.dataset.itemIds.map((id, i) => [id, i]));
    this.tail = new AdjudicationTail(this.paths.adjudications);
    this.context = viewContextOf(this.manifestValue, this.modelName(), null);
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

  /** YokaiEval's English glosses, loaded later (they may need a download): details and search use them. */
  setGlosses(gloss: GlossIndex | null): void {
    this.gloss = gloss;
    this.context = viewContextOf(this.manifestValue, this.modelName(), gloss);
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
    return this.mine(itemId).state;
  }

  /** This annotator's current state of an item and whether it was decided blind (false when there is none). */
  mine(itemId: string): { state: AnnotatorState; blind: boolean } {
    const mine = this.adjudication(itemId)?.annotators.find((a) => a.annotator === this.annotator && !a.stale);
    return { state: mine?.state ?? EMPTY_STATE, blind: mine?.blind ?? false };
  }

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
      benchmark: m.benchmark,
      task: m.task,
      model: this.modelName(),
      judge: m.judge?.name ?? null,
      status: m.status,
      ...(m.benchmark === 'kalahi' && this.context.metrics.length > 0 ? { metrics: [...this.context.metrics], primaryMetric: this.context.primaryMetric } : {}),
    };
  }

  /** The scores: a pass over the run the first time, then kept current by readTail() item by item. */
  header(): ScoreHeader {
    const ids = this.manifestValue.dataset.itemIds;
    if (this.automaticAccuracy === undefined) {
      this.automaticAccuracy = automaticScore(this.manifestValue, this.current).accuracy;
      this.mc = this.manifestValue.benchmark === 'kalahi' ? kalahiMcHeader(this.current.values()) : undefined;
    }
    let tally = this.tally;
    if (tally === undefined) {
      tally = new ScoreTally();
      for (const id of ids) tally.add(itemScoreTerms(this.current.get(id), this.adjudication(id)));
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
      ...(this.mc !== undefined ? { mc: this.mc } : {}),
      ...(this.manifestValue.benchmark === 'kalahi' ? { verdicts: this.manifestValue.task !== 'mc' } : {}),
    };
  }

  /** Takes the items' terms out of the kept header counts (-1) or puts them back in (1). */
  private tallyItems(itemIds: Iterable<string>, sign: 1 | -1): void {
    const tally = this.tally;
    if (tally === undefined) return;
    for (const id of itemIds) if (this.positions.has(id)) tally.add(itemScoreTerms(this.current.get(id), this.adjudication(id)), sign);
  }

  rows(): ItemRow[] {
    return this.manifestValue.dataset.itemIds.map((id, index) => rowOf(id, index, this.current.get(id), this.adjudication(id), this.annotator, this.context));
  }

  row(itemId: string): ItemRow | undefined {
    const index = this.positions.get(itemId);
    return index === undefined ? undefined : rowOf(itemId, index, this.current.get(itemId), this.adjudication(itemId), this.annotator, this.context);
  }

  detail(itemId: string, canUndo: boolean): ItemDetail {
    return detailOf(itemId, this.current.get(itemId), this.adjudication(itemId), this.annotator, canUndo, this.context);
  }

  /** Takes in events appended since the last read (by this window or anyone else); returns the rows that changed. */
  readTail(): TailUpdate {
    const read = this.tail.read();
    if (read.reset) {
      this.index = new AdjudicationIndex();
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
    const changedRows = read.reset ? this.rows() : [...touched].map((id) => this.row(id)).filter((r) => r !== undefined);
    const unknown = unknownItemProblems(read.events, (id) => this.positions.has(id), this.paths.adjudications);
    return { changedRows, problems: [...read.problems, ...unknown].sort((a, b) => a.line - b.line), reset: read.reset };
  }

  /**
   * Re-reads results.jsonl (a running run appended results, or a retry finished); returns the rows whose
   * result changed (a new line always has a new time), or every row when the run's items changed.
   */
  reloadResults(): ItemRow[] {
    const before = this.current;
    const idsBefore = this.manifestValue.dataset.itemIds.join('\n');
    this.manifestValue = readManifest(this.paths.dir);
    this.current = readCurrentResults(this.paths.dir, this.manifestValue).byItem;
    this.context = viewContextOf(this.manifestValue, this.modelName(), this.gloss);
    this.cache.clear();
    this.tally = undefined;
    this.automaticAccuracy = undefined;
    if (this.manifestValue.dataset.itemIds.join('\n') !== idsBefore) {
      this.positions = new Map(this.manifestValue.dataset.itemIds.map((id, i) => [id, i]));
      return this.rows();
    }
    return this.manifestValue.dataset.itemIds
      .filter((id) => before.get(id)?.time !== this.current.get(id)?.time)
      .map((id) => this.row(id))
      .filter((r) => r !== undefined);
  }
}

/** Mean MC1 and MC2 over the Kalahi items that have an MC part (none: undefined, nothing to show). */
function kalahiMcHeader(lines: Iterable<ResultLine>): ScoreHeader['mc'] {
  const parts: KalahiMcPart[] = [];
  for (const line of lines) {
    const mc = KalahiMcPartSchema.safeParse(line['mc']);
    if (mc.success) parts.push(mc.data);
  }
  return parts.length === 0 ? undefined : mcMeans(parts);
}
