import { type ResultLine } from '../runs/resultLine';
import { type RunManifest } from '../runs/runManifest';
import { type BenchmarkBasics, type BenchmarkLookup, basicsOfRun } from '../runs/benchmarkBasics';
import { type RunPaths, readManifest, runPaths } from '../runs/runFolder';
import { ResultsIndex } from '../runs/resultsIndex';
import { tornLineProblems } from './tornLines';
import { type AdjudicatedScore, adjudicatedScore } from './adjudicatedScore';
import { scaleOf } from '../scale/verdictScale';
import { type LogProblem, criterionProblems, readAdjudicationLog, unknownItemProblems } from './adjudicationLog';
import { lineBasisDigest } from '../runs/decisionBasis';
import { categoryIdsOf } from './event';
import { AdjudicationIndex, type ItemAdjudication } from './itemAdjudication';

/**
 * What reading a run takes from the registry, which sits above this floor (the benchmarks use it):
 * src/core/benchmarks/runRegistry.ts. Its benchmark's basics check the run's lines and name its facets;
 * `takesVerdicts` says whether its items take a verdict (else flags and notes only), which decides when an
 * item counts as reviewed.
 */
export interface RunRegistry extends BenchmarkLookup {
  takesVerdicts(manifest: RunManifest): boolean;
}

/**
 * A run folder read whole: manifest, current results and adjudications, for summaries (the Runs view, the
 * statistics panel) and exports. Results are read through the results index, as the review reads them:
 * every line is checked for the fields the index keeps, and only each item's current line in full.
 */
export interface RunState {
  readonly paths: RunPaths;
  readonly manifest: RunManifest;
  /** Its benchmark's basics (facets, categories, automatic rater). */
  readonly basics: BenchmarkBasics;
  /** The registry it was read with, to read the runs it names (a validation's source run) the same way. */
  readonly registry: RunRegistry;
  readonly current: ReadonlyMap<string, ResultLine>;
  readonly index: AdjudicationIndex;
  /**
   * Lines skipped (by line): not valid events, events naming a category the benchmark does not declare or a
   * decision its scale does not take, events for items the run does not have or on criteria an item lacks;
   * then torn last lines of results.jsonl and adjudications.jsonl.
   */
  readonly problems: readonly LogProblem[];
  adjudication(itemId: string): ItemAdjudication | undefined;
  adjudicatedScore(): AdjudicatedScore;
}

export function loadRunState(dir: string, registry: RunRegistry): RunState {
  const paths = runPaths(dir);
  const manifest = readManifest(paths.dir);
  const basics = basicsOfRun(registry, manifest.benchmark, paths.manifest);
  const byItem = new Map<string, ResultLine>();
  ResultsIndex.read(paths.results, { check: { manifest, basics }, describe: () => undefined }).forEachLine((line) =>
    byItem.set(line.itemId, line),
  );
  const log = readAdjudicationLog(paths.adjudications, { categories: categoryIdsOf(basics), scale: scaleOf(manifest) });
  const index = new AdjudicationIndex(log.events, registry.takesVerdicts(manifest));
  const knownItems = new Set(manifest.dataset.itemIds);
  const adjudication = (itemId: string): ItemAdjudication | undefined => {
    if (index.eventsOf(itemId).length === 0) return undefined;
    const line = byItem.get(itemId);
    if (line === undefined) return index.adjudicate(itemId, undefined);
    return index.adjudicate(itemId, lineBasisDigest(line), { criteria: line.criteria, aggregation: manifest.criteriaAggregation });
  };
  const criteriaOf = (itemId: string): readonly string[] | undefined => {
    const line = byItem.get(itemId);
    return line === undefined ? undefined : (line.criteria?.map((c) => c.id) ?? []);
  };
  return {
    paths,
    manifest,
    basics,
    registry,
    current: byItem,
    index,
    problems: [
      ...log.problems,
      ...unknownItemProblems(log.events, (id) => knownItems.has(id), paths.adjudications),
      ...criterionProblems(log.events, criteriaOf, paths.adjudications),
    ]
      .sort((a, b) => a.line - b.line)
      .concat(tornLineProblems(paths)),
    adjudication,
    adjudicatedScore: () => adjudicatedScore(manifest.dataset.itemIds, byItem, adjudication),
  };
}
