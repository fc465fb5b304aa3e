import { type ResultLine } from '../runs/resultLine';
import { type RunManifest } from '../runs/runManifest';
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
 * A run folder read whole: manifest, current results and adjudications, for summaries (the Runs view, the
 * statistics panel) and exports. Results are read through the results index, as the review reads them:
 * every line is checked for the fields the index keeps, and only each item's current line in full.
 */
export interface RunState {
  readonly paths: RunPaths;
  readonly manifest: RunManifest;
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

/**
 * `takesVerdicts`: whether the run's items take a verdict (else flags and notes only), which decides when an
 * item counts as reviewed; src/core/benchmarks/takesVerdicts.ts asks the run's benchmark (not imported here:
 * the benchmarks import this module).
 */
export function loadRunState(dir: string, takesVerdicts: (manifest: RunManifest) => boolean = () => true): RunState {
  const paths = runPaths(dir);
  const manifest = readManifest(paths.dir);
  const byItem = new Map<string, ResultLine>();
  ResultsIndex.read(paths.results, { manifest, describe: () => undefined }).forEachLine((line) => byItem.set(line.itemId, line));
  const log = readAdjudicationLog(paths.adjudications, { categories: categoryIdsOf(manifest.benchmark), scale: scaleOf(manifest) });
  const index = new AdjudicationIndex(log.events, takesVerdicts(manifest));
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
