import { type LogProblem, type LoggedEvent, unknownItemProblems } from '../adjudication/adjudicationLog';
import { categoryIdsOf } from '../adjudication/event';
import { type ReviewAid } from '../contract/benchmark';
import { benchmarkOf } from '../benchmarks/registry';
import { reviewSettingsOf } from '../contract/reviewCapabilities';
import { ResultsIndex } from '../runs/resultsIndex';
import { type RunManifest } from '../runs/runManifest';
import { type RunPaths, runPaths } from '../runs/runFolder';
import { tornLineProblems } from '../adjudication/tornLines';
import { scaleOf } from '../scale/verdictScale';
import { AdjudicationTail } from './adjudicationTail';
import { type RowBasis, type ViewContext, rowBasisOf } from './itemViews';
import { rowBasisFile } from './rowBasisFile';
import { readRegisteredRun } from '../benchmarks/runRegistry';
import { type ResultsCheck } from '../runs/benchmarkLineCheck';

/**
 * A run folder as the review sees it, read in one place (ReviewLoader): run.json, the results through their
 * compact index (a line is read in full only for an item shown) and what the item views read of the run.
 * The review session works from it and never reads the folder itself.
 */
export interface ReviewModel {
  readonly paths: RunPaths;
  readonly manifest: RunManifest;
  /** Each item id's position in the run's dataset order. */
  readonly positions: ReadonlyMap<string, number>;
  readonly results: ResultsIndex<RowBasis>;
  /** The model's name, the benchmark's review parts and facets, what they read of run.json, the aid, the scale. */
  readonly view: ViewContext;
}

/** Events appended to adjudications.jsonl since the last read. */
export interface AdjudicationsRead {
  /** The log was read again from its start: earlier events and problems are void. */
  readonly reset: boolean;
  readonly events: readonly LoggedEvent[];
  /** Lines skipped, in line order: not valid events, or events for items the run does not have. */
  readonly problems: readonly LogProblem[];
}

/** results.jsonl read again: the items whose line changed, or the run's items themselves changed. */
export interface ResultsRead {
  readonly model: ReviewModel;
  /** run.json lists other items now (every row changes). */
  readonly itemsChanged: boolean;
  /** The file shrank and was read from its start (search texts are void). */
  readonly reset: boolean;
  readonly changed: readonly string[];
}

export function modelNameOf(manifest: RunManifest): string {
  const imported = typeof manifest['importedModel'] === 'string' ? manifest['importedModel'] : null;
  return manifest.model?.name ?? imported ?? 'unknown model';
}

function viewOf(manifest: RunManifest, aid: ReviewAid | null): ViewContext {
  const { review, facets } = benchmarkOf(manifest.benchmark);
  const settings = reviewSettingsOf(review, manifest);
  return { model: modelNameOf(manifest), review, facets, settings, aid, scale: scaleOf(manifest) };
}

/** Each item id's position in the run's order (a loop: no pair array per item, on 100 000 items). */
function positionsOf(itemIds: readonly string[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (let i = 0; i < itemIds.length; i++) positions.set(itemIds[i] as string, i);
  return positions;
}

function resultsIndexOf(
  paths: RunPaths,
  run: ResultsCheck,
  view: ViewContext,
  positions: ReadonlyMap<string, number>,
): ResultsIndex<RowBasis> {
  return ResultsIndex.read(paths.results, {
    check: run,
    knownIds: positions,
    describe: (line) => rowBasisOf(line, view),
    file: rowBasisFile(run.manifest, view.settings.primaryMetric),
  });
}

/**
 * The one reader of a run folder under review: opens it into a ReviewModel and then follows it, taking in
 * what the folder watcher reports (results appended or rewritten, events appended by anyone).
 */
export class ReviewLoader {
  private constructor(
    private current: ReviewModel,
    private readonly tail: AdjudicationTail,
  ) {}

  /** Reads run.json, the results index and the whole adjudication log; torn lines are reported with the log's problems. */
  static open(dir: string): { loader: ReviewLoader; model: ReviewModel; adjudications: AdjudicationsRead } {
    const paths = runPaths(dir);
    const run = readRegisteredRun(paths.dir);
    const { manifest } = run;
    const view = viewOf(manifest, null);
    const positions = positionsOf(manifest.dataset.itemIds);
    const model: ReviewModel = { paths, manifest, positions, results: resultsIndexOf(paths, run, view, positions), view };
    const tail = new AdjudicationTail(paths.adjudications, { categories: categoryIdsOf(run.basics), scale: view.scale });
    const loader = new ReviewLoader(model, tail);
    const read = loader.readAdjudications();
    return { loader, model, adjudications: { ...read, problems: [...read.problems, ...tornLineProblems(paths)] } };
  }

  get model(): ReviewModel {
    return this.current;
  }

  /** The benchmark's review aid arrived (it may need a download): the model's view holds it from now on. */
  withAid(aid: ReviewAid | null): ReviewModel {
    this.current = { ...this.current, view: { ...this.current.view, aid } };
    return this.current;
  }

  readAdjudications(): AdjudicationsRead {
    const read = this.tail.read();
    const { positions, paths } = this.current;
    const unknown = unknownItemProblems(read.events, (id) => positions.has(id), paths.adjudications);
    return { reset: read.reset, events: read.events, problems: [...read.problems, ...unknown].sort((a, b) => a.line - b.line) };
  }

  /** Reads run.json again and the results appended since (a running run, a retry); the whole index when the items changed. */
  readResults(): ResultsRead {
    const before = this.current;
    const run = readRegisteredRun(before.paths.dir);
    const { manifest } = run;
    const view = viewOf(manifest, before.view.aid);
    if (manifest.dataset.itemIds.join('\n') !== before.manifest.dataset.itemIds.join('\n')) {
      const positions = positionsOf(manifest.dataset.itemIds);
      this.current = { paths: before.paths, manifest, positions, results: resultsIndexOf(before.paths, run, view, positions), view };
      return { model: this.current, itemsChanged: true, reset: true, changed: manifest.dataset.itemIds };
    }
    const { changed, reset } = before.results.refresh();
    this.current = { ...before, manifest, view };
    return { model: this.current, itemsChanged: false, reset, changed };
  }
}
