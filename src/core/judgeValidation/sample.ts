import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { type AutomaticOutcome } from '../adjudication/adjudicatedScore';
import { isSeed, seededRandom, shuffled } from '../stats/rng';
import { JsonlAppender } from '../util/jsonlAppender';
import { readJsonl } from '../util/jsonlReader';
import { allocateSample } from './allocation';

export const SAMPLES_FILE = 'samples.jsonl';

/** Strata are the automatic outcomes; items without a result cannot be reviewed and are never drawn. */
export const SAMPLE_STRATA = ['true', 'false', 'null', 'error'] as const;

const StratumSchema = z.object({
  /** Items of the run in this stratum when the sample was drawn (N_h), and those drawn (n_h of them). */
  population: z.number().int().nonnegative(),
  itemIds: z.array(z.string()),
});

/** One line of samples.jsonl: a validation sample. The file is append-only; its last line is the current sample. */
export const SampleRecordSchema = z.object({
  formatVersion: z.literal(1),
  id: z.string().min(1),
  createdAt: z.iso.datetime(),
  seed: z.number().int().refine(isSeed, 'a whole number in 0..2^32-1'),
  /** Items asked for, and the design. */
  n: z.number().int().positive(),
  design: z.literal('stratified-by-automatic-verdict'),
  strata: z.partialRecord(z.enum(SAMPLE_STRATA), StratumSchema),
  /** Items of the run with no result when drawn: not reviewable, counted as wrong, as in the accuracy. */
  missing: z.number().int().nonnegative(),
  /** Every drawn item, in the order to review them (shuffled across strata). */
  itemIds: z.array(z.string()),
});
export type SampleRecord = z.infer<typeof SampleRecordSchema>;

export interface DrawSampleInput {
  readonly itemIds: readonly string[];
  readonly outcomeOf: (itemId: string) => AutomaticOutcome;
  readonly n: number;
  readonly seed: number;
  readonly now?: Date;
}

/**
 * Draws n items stratified by automatic verdict (true / false / null / error): each stratum gets its share
 * of n (at least two where it has them; see allocateSample), chosen uniformly with a PRNG seeded by `seed`,
 * so the same run, n and seed always give the same items. Pure: the caller appends the record.
 */
export function drawSample(input: DrawSampleInput): SampleRecord {
  const random = seededRandom(input.seed);
  const byStratum = new Map<string, string[]>(SAMPLE_STRATA.map((s) => [s, []]));
  let missing = 0;
  for (const itemId of input.itemIds) {
    const outcome = input.outcomeOf(itemId);
    if (outcome === 'missing') missing += 1;
    else byStratum.get(outcome)?.push(itemId);
  }
  const allocation = allocateSample(new Map([...byStratum].map(([s, ids]) => [s, ids.length])), input.n);
  const strata: SampleRecord['strata'] = {};
  const drawn: string[] = [];
  for (const stratum of SAMPLE_STRATA) {
    const ids = byStratum.get(stratum) ?? [];
    if (ids.length === 0) continue;
    const chosen = shuffled(ids, random).slice(0, allocation.get(stratum) ?? 0);
    const order = new Map(ids.map((id, i) => [id, i]));
    chosen.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    strata[stratum] = { population: ids.length, itemIds: chosen };
    drawn.push(...chosen);
  }
  const now = input.now ?? new Date();
  return {
    formatVersion: 1,
    id: `sample-${input.seed}-${now.toISOString().replace(/[-:.]/g, '')}`,
    createdAt: now.toISOString(),
    seed: input.seed,
    n: input.n,
    design: 'stratified-by-automatic-verdict',
    strata,
    missing,
    itemIds: shuffled(drawn, random),
  };
}

export function samplesPath(runDir: string): string {
  return join(runDir, SAMPLES_FILE);
}

export function readSamples(runDir: string): SampleRecord[] {
  const path = samplesPath(runDir);
  if (!existsSync(path)) return [];
  return readJsonl(path, SampleRecordSchema).records.map((r) => r.value);
}

/** The current sample: the last line of samples.jsonl, or undefined when none was drawn. */
export function currentSample(runDir: string): SampleRecord | undefined {
  const all = readSamples(runDir);
  return all[all.length - 1];
}

export async function appendSample(runDir: string, record: SampleRecord): Promise<string | undefined> {
  const { appender, tornLineMovedTo } = JsonlAppender.open(samplesPath(runDir));
  try {
    appender.append(SampleRecordSchema.parse(record));
  } finally {
    await appender.close();
  }
  return tornLineMovedTo;
}
