import { DEFAULT_CONFIDENCE, type Interval } from '../stats/interval';
import { DEFAULT_TARGET, type EstimateTarget, type StratumCounts, stratifiedEstimate } from '../stats/stratifiedPpi';
import { wilsonInterval } from '../stats/wilson';
import { type ItemRecord } from './itemRecords';
import { SAMPLE_STRATA, type SampleRecord } from './sample';

/**
 * census: every item with a result has a final human verdict, so the accuracy on the run's items is known
 * exactly; wilson: the same for the superpopulation target, with Wilson's interval on all items; stratified-ppi: the human verdicts on the
 * current sample (samples.jsonl) with the judge's verdicts on all items; post-stratified-ppi: no sample was
 * drawn, so the reviewed items stand in for one within each automatic-verdict stratum; none: not estimable.
 */
export type EstimateMethod = 'census' | 'wilson' | 'stratified-ppi' | 'post-stratified-ppi' | 'none';

/** Fewer human verdicts than this in all, or in a stratum holding 5% of the items or more, earns a warning. */
export const FEW_LABELS_TOTAL = 30;
export const FEW_LABELS_STRATUM = 10;

export interface EstimateOptions {
  readonly confidence?: number;
  readonly target?: EstimateTarget;
}

export interface AccuracyEstimate {
  /** The model's accuracy (null, error and missing count as wrong) as humans would judge it. */
  readonly accuracy: number | null;
  readonly ci: Interval | null;
  readonly method: EstimateMethod;
  /** What the interval is for: the accuracy on the run's items, or on the questions they stand for. */
  readonly target: EstimateTarget;
  /** exact: nothing left to estimate; wilson: Wilson's on all items; price-bonett: the adjusted Wald interval. */
  readonly interval: 'exact' | 'wilson' | 'price-bonett' | null;
  readonly confidence: number;
  /** Items of the run (N), items whose human verdict enters the estimate, and the design's effective n. */
  readonly population: number;
  readonly labeled: number;
  readonly effectiveN: number | null;
  readonly se: number | null;
  readonly strata: readonly StratumCounts[];
  readonly sampleId: string | null;
  readonly notes: readonly string[];
}

const NONE = { accuracy: null, ci: null, interval: null, effectiveN: null, se: null } as const;

/** The model's true accuracy with a 95% interval: see EstimateMethod and docs/judge-validation.md. */
export function estimateAccuracy(
  records: readonly ItemRecord[],
  sample: SampleRecord | undefined,
  options: EstimateOptions = {},
): AccuracyEstimate {
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const target = options.target ?? DEFAULT_TARGET;
  const population = records.length;
  const missing = records.filter((r) => r.automatic === 'missing').length;
  const reviewable = records.filter((r) => r.automatic !== 'missing');
  const decided = reviewable.filter((r) => r.human !== null);
  const notes: string[] = [];
  if (missing > 0) notes.push(`${missing} items without a result count as wrong`);
  const base = { confidence, target, population, sampleId: sample?.id ?? null };

  if (decided.length === 0) {
    return { ...base, ...NONE, method: 'none', labeled: 0, strata: [], notes: [...notes, 'no item has a final human verdict'] };
  }
  if (decided.length === reviewable.length) {
    const correct = decided.filter((r) => r.human === 'true').length;
    if (target === 'run-items') {
      const accuracy = correct / population;
      return {
        ...base,
        accuracy,
        ci: [accuracy, accuracy],
        method: 'census',
        interval: 'exact',
        labeled: decided.length,
        effectiveN: null,
        se: 0,
        strata: [],
        notes,
      };
    }
    return {
      ...base,
      accuracy: correct / population,
      ci: wilsonInterval(correct, population, confidence),
      method: 'wilson',
      interval: 'wilson',
      labeled: decided.length,
      effectiveN: population,
      se: Math.sqrt(((correct / population) * (1 - correct / population)) / population),
      strata: [],
      notes,
    };
  }
  const { strata, method } = sample !== undefined ? designStrata(records, sample, notes) : postStrata(records, notes);
  const estimate = stratifiedEstimate(strata, { confidence, target });
  const labeled = strata.reduce((s, h) => s + (h.stratum === 'missing' ? 0 : h.labeled), 0);
  if (estimate === null) {
    const empty = strata.filter((h) => h.population > 0 && h.labeled === 0).map((h) => h.stratum);
    return {
      ...base,
      ...NONE,
      method: 'none',
      labeled,
      strata,
      notes: [...notes, `no reviewed item yet in stratum ${empty.join(', ')}: its accuracy is unknown, so no estimate`],
    };
  }
  notes.push(...fewLabelWarnings(strata, labeled, population));
  return {
    ...base,
    accuracy: estimate.estimate,
    ci: estimate.ci,
    method,
    interval: 'price-bonett',
    labeled,
    effectiveN: estimate.effectiveN,
    se: estimate.se,
    strata,
    notes,
  };
}

/** A warning when the interval rests on few human verdicts: it is then wide, and sensitive to each one. */
function fewLabelWarnings(strata: readonly StratumCounts[], labeled: number, population: number): string[] {
  const thin = strata.filter(
    (h) => h.stratum !== 'missing' && h.labeled < h.population && h.population >= 0.05 * population && h.labeled < FEW_LABELS_STRATUM,
  );
  if (labeled >= FEW_LABELS_TOTAL && thin.length === 0) return [];
  const where = thin.map((h) => `${h.labeled} in stratum ${h.stratum}`).join(', ');
  return [
    `the interval rests on few human verdicts (${labeled}${where === '' ? '' : `; ${where}`}): review more sampled items for a firmer figure`,
  ];
}

interface Strata {
  readonly strata: StratumCounts[];
  readonly method: EstimateMethod;
}

function counts(stratum: string, population: number, members: readonly (ItemRecord | undefined)[]): StratumCounts {
  const decided = members.filter((r) => r?.human !== null && r?.human !== undefined);
  return { stratum, population, labeled: decided.length, positives: decided.filter((r) => r?.human === 'true').length };
}

/** The recorded sample's strata and sizes, with the human verdicts its items have now. */
function designStrata(records: readonly ItemRecord[], sample: SampleRecord, notes: string[]): Strata {
  const byId = new Map(records.map((r) => [r.itemId, r]));
  const strata: StratumCounts[] = [];
  let undecided = 0;
  let moved = 0;
  for (const name of SAMPLE_STRATA) {
    const recorded = sample.strata[name];
    if (recorded === undefined) continue;
    const members = recorded.itemIds.map((id) => byId.get(id));
    for (const r of members) {
      if (r?.human === null || r === undefined) undecided += 1;
      if (r !== undefined && r.automatic !== name) moved += 1;
    }
    strata.push(counts(name, recorded.population, members));
  }
  if (sample.missing > 0) strata.push({ stratum: 'missing', population: sample.missing, labeled: sample.missing, positives: 0 });
  const sampled = sample.itemIds.length;
  if (undecided > 0)
    notes.push(
      `${undecided} of the ${sampled} sampled items have no final human verdict yet; the estimate uses the ${sampled - undecided} that do`,
    );
  if (moved > 0) notes.push(`${moved} sampled items have another automatic verdict than when the sample was drawn; draw a new sample`);
  const total = strata.reduce((s, h) => s + h.population, 0);
  if (total !== records.length) notes.push(`the sample was drawn over ${total} items, the run has ${records.length}; draw a new sample`);
  return { strata, method: 'stratified-ppi' };
}

function postStrata(records: readonly ItemRecord[], notes: string[]): Strata {
  notes.push(
    'no sample drawn: the reviewed items are taken as a random sample within each automatic-verdict stratum, which they are not if they were chosen (e.g. most informative first); draw one with `eval-adjudicator sample`',
  );
  const strata: StratumCounts[] = [];
  for (const name of SAMPLE_STRATA) {
    const members = records.filter((r) => r.automatic === name);
    if (members.length > 0) strata.push(counts(name, members.length, members));
  }
  const missing = records.filter((r) => r.automatic === 'missing').length;
  if (missing > 0) strata.push({ stratum: 'missing', population: missing, labeled: missing, positives: 0 });
  return { strata, method: 'post-stratified-ppi' };
}
