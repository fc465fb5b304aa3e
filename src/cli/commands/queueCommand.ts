import { resolve } from 'node:path';
import { loadRunState } from '../../core/adjudication/runState';
import { freshSeed, MAX_SEED } from '../../core/stats/rng';
import { UserError } from '../../core/util/errors';
import { itemRecords } from '../../core/judgeValidation/itemRecords';
import { benchmarkOf } from '../../core/benchmarks/registry';
import { RUN_REGISTRY } from '../../core/benchmarks/runRegistry';
import { reviewSettingsOf } from '../../core/contract/reviewCapabilities';
import { QUEUE_ORDERS, datasetOrder, informativeRanking, randomOrder } from '../../core/judgeValidation/queueOrders';
import { currentSample } from '../../core/judgeValidation/sample';
import { type CliIo } from '../../core/commandLine/io';
import { warnSkippedLines } from '../skippedLines';
import { choiceOption, flag, numberOption, onePositional, parseOptions } from '../../core/commandLine/options';

export const QUEUE_HELP = `Usage: eval-adjudicator queue RUNDIR [--order dataset|random|informative] [--seed S] [--sample] [--json]

The order in which to review a run's items, one item id per line:
  dataset       dataset order (default)
  random        shuffled by a seeded PRNG (--seed, default a fresh seed, printed to stderr)
  informative   most informative first: the judge said null; the judge disagrees with a simple answer
                matcher (YokaiEval) or an annotator contradicts the primary metric, or the metrics
                disagree (Kalahi); the response names no or several choices; the closest calls
                (smallest metric diff or MC margin); errors; then the rest
  --sample      only the items of the current validation sample (see eval-adjudicator sample)
  --json        {order, seed, items: [{itemId, tier, reason}]}
`;

export function queueCommand(args: readonly string[], io: CliIo): number {
  const parsed = parseOptions('queue', args, {
    order: { type: 'string' },
    seed: { type: 'string' },
    sample: { type: 'boolean' },
    json: { type: 'boolean' },
  });
  if (flag(parsed, 'help')) {
    io.stdout(QUEUE_HELP);
    return 0;
  }
  const dir = resolve(io.cwd, onePositional('queue', parsed, 'RUNDIR'));
  const order = choiceOption('queue', parsed, 'order', QUEUE_ORDERS) ?? 'dataset';
  const givenSeed = numberOption('queue', parsed, 'seed', { integer: true, min: 0, max: MAX_SEED });
  const state = loadRunState(dir, RUN_REGISTRY);
  warnSkippedLines(io, state.problems);
  let ids = state.manifest.dataset.itemIds;
  if (flag(parsed, 'sample')) {
    const sample = currentSample(state.paths.dir);
    if (sample === undefined) throw new UserError(`${state.paths.dir}: no validation sample yet; draw one with eval-adjudicator sample`);
    const chosen = new Set(sample.itemIds);
    ids = ids.filter((id) => chosen.has(id));
  }
  let items: { itemId: string; tier?: number; reason?: string }[];
  let seed: number | null = null;
  if (order === 'random') {
    seed = givenSeed ?? freshSeed();
    io.stderr(`random order with seed ${seed}\n`);
    items = randomOrder(ids, seed).map((itemId) => ({ itemId }));
  } else if (order === 'informative') {
    const keep = new Set(ids);
    const review = benchmarkOf(state.manifest.benchmark).review;
    items = informativeRanking(
      itemRecords(state).filter((r) => keep.has(r.itemId)),
      review.informativeRank?.(reviewSettingsOf(review, state.manifest)),
    );
  } else {
    items = datasetOrder(ids).map((itemId) => ({ itemId }));
  }
  io.stdout(flag(parsed, 'json') ? `${JSON.stringify({ order, seed, items }, null, 2)}\n` : `${items.map((i) => i.itemId).join('\n')}\n`);
  return 0;
}
