import { resolve } from 'node:path';
import { automaticOutcome } from '../../core/adjudication/adjudicatedScore';
import { freshSeed, MAX_SEED } from '../../core/stats/rng';
import { UsageError } from '../../core/util/errors';
import { SAMPLES_FILE, appendSample, drawSample } from '../../core/judgeValidation/sample';
import { type CliIo } from '../../core/commandLine/io';
import { flag, numberOption, onePositional, parseOptions } from '../../core/commandLine/options';
import { readRunResults } from '../../core/benchmarks/runRegistry';

export const SAMPLE_HELP = `Usage: eval-adjudicator sample RUNDIR --n N [--seed S] [--json]

Draws N items for human validation, stratified by automatic verdict (true / false / null / error: each
stratum its proportional share, at least two where it has them), with a seeded PRNG, and appends the
sample to RUNDIR/${SAMPLES_FILE} ({id, seed, n, strata: {name: {population, itemIds}}, itemIds,
createdAt}). The last sample is the current one: summary and report then estimate the accuracy from the
judge on every item plus the human verdicts on the sample (stratified PPI), and queue --sample reviews
only its items. Items without a result are never drawn (they count as wrong).
  --n N       items to draw (all of them when N is at least the run's reviewable items)
  --seed S    a whole number in 0..${MAX_SEED} (default: a fresh random seed, recorded and printed)
  --json      print the sample record; otherwise its item ids, one per line, in review order
`;

export async function sampleCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseOptions('sample', args, { n: { type: 'string' }, seed: { type: 'string' }, json: { type: 'boolean' } });
  if (flag(parsed, 'help')) {
    io.stdout(SAMPLE_HELP);
    return 0;
  }
  const dir = resolve(io.cwd, onePositional('sample', parsed, 'RUNDIR'));
  const n = numberOption('sample', parsed, 'n', { integer: true, min: 1 });
  if (n === undefined) throw new UsageError('sample: --n N is required');
  const seed = numberOption('sample', parsed, 'seed', { integer: true, min: 0, max: MAX_SEED }) ?? freshSeed();
  const { manifest, byItem } = readRunResults(dir);
  const record = drawSample({ itemIds: manifest.dataset.itemIds, outcomeOf: (id) => automaticOutcome(byItem.get(id)), n, seed });
  const torn = await appendSample(dir, record);
  if (torn !== undefined) io.stderr(`${SAMPLES_FILE} ended in a torn line; its bytes were moved to ${torn}\n`);
  const strata = Object.entries(record.strata).map(([name, s]) => `${name} ${s.itemIds.length}/${s.population}`);
  io.stderr(`drew ${record.itemIds.length} items (${strata.join(', ')}) with seed ${seed}; appended to ${resolve(dir, SAMPLES_FILE)}\n`);
  io.stdout(flag(parsed, 'json') ? `${JSON.stringify(record, null, 2)}\n` : `${record.itemIds.join('\n')}\n`);
  return 0;
}
