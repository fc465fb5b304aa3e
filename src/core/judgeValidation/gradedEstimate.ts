import { type GradedScale, type Grade, scaleRange } from '../scale/verdictScale';
import { DEFAULT_CONFIDENCE, type Interval } from '../stats/interval';
import { type MeanStratum, stratifiedMeanEstimate } from '../stats/stratifiedMean';
import { DEFAULT_TARGET, type EstimateTarget } from '../stats/stratifiedPpi';
import { type EstimateOptions, FEW_LABELS_STRATUM, FEW_LABELS_TOTAL } from './estimate';
import { type GradedUnit } from './gradedUnits';

/** Bins of a numeric scale's range that stand for levels when stratifying by the judge's grade. */
const NUMERIC_BINS = 5;

export interface MeanStratumCounts {
  /** The judge's level (or bin of a numeric range), or `null` (no parsable grade: estimated from the human grades there). */
  readonly stratum: string;
  readonly population: number;
  readonly labeled: number;
  /** Mean of the human grades in the stratum (a human null grade left out); null without any. */
  readonly humanMean: number | null;
}

export interface MeanScoreEstimate {
  /** The mean score of the units as humans would grade them, over the units with a grade (a null left out, never a number). */
  readonly mean: number | null;
  readonly ci: Interval | null;
  /** census: every unit has a final human grade; post-stratified-ppi: the graded units stand in for a sample per judge stratum. */
  readonly method: 'census' | 'post-stratified-ppi' | 'none';
  /** exact: nothing left to estimate; normal: a census for the superpopulation target (σ̃²/N); else the adjusted interval. */
  readonly interval: 'exact' | 'normal' | 'price-bonett-levels' | null;
  readonly target: EstimateTarget;
  readonly confidence: number;
  readonly population: number;
  readonly labeled: number;
  readonly effectiveN: number | null;
  readonly se: number | null;
  /** The judge's mean over the units it graded (its nulls left out): summary's mean grade, the automatic figure the estimate corrects. */
  readonly judgeMean: number | null;
  /**
   * What is left out of the means, counted (the one null rule of summary, report and export): units the judge
   * graded null (in the estimate, their stratum is estimated from the human grades there), units a human
   * graded null (out of the population), units without a result (an error, not run).
   */
  readonly nulls: { readonly judge: number; readonly human: number; readonly withoutResult: number };
  readonly strata: readonly MeanStratumCounts[];
  readonly notes: readonly string[];
}

/** The stratum a judge's grade falls in: its level (the nearest for a mean of criteria), a bin of a numeric range, or null. */
export function judgeStratum(scale: GradedScale, grade: Grade | undefined): string {
  if (grade === undefined) return 'missing';
  if (grade === null) return 'null';
  if (scale.kind === 'ordinal') {
    let best = scale.levels[0];
    for (const level of scale.levels) if (Math.abs(level.value - grade) < Math.abs((best?.value ?? 0) - grade)) best = level;
    return best?.name ?? String(grade);
  }
  const width = (scale.max - scale.min) / NUMERIC_BINS;
  const bin = Math.min(NUMERIC_BINS - 1, Math.max(0, Math.floor((grade - scale.min) / width)));
  const low = scale.min + bin * width;
  return `${low}–${bin === NUMERIC_BINS - 1 ? scale.max : low + width}`;
}

/**
 * The true mean score of the run's units from the judge's grade on every unit and the final human grades where
 * given: prediction-powered inference for a mean, stratified by the judge's grade (stratifiedMeanEstimate), the
 * graded units taken as a random sample within each judge stratum (post-stratification, as the binary estimate
 * does without a drawn sample). The one null rule of summary, report and export: a null grade is never a
 * number. A unit without a result and a unit a human graded null are left out of the population; a unit the
 * judge graded null stays, in its own stratum, estimated from the human grades there. Each is counted.
 */
export function estimateMeanScore(units: readonly GradedUnit[], scale: GradedScale, options: EstimateOptions = {}): MeanScoreEstimate {
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const target = options.target ?? DEFAULT_TARGET;
  const range = scaleRange(scale);
  const nulls = {
    judge: units.filter((u) => u.judge === null).length,
    human: units.filter((u) => u.judge !== undefined && u.human === null).length,
    withoutResult: units.filter((u) => u.judge === undefined).length,
  };
  const counted = units.filter((u) => u.judge !== undefined && u.human !== null);
  const population = counted.length;
  const notes: string[] = [
    `null grades are left out of every mean, never counted as a value: ${nulls.judge} the judge's (their stratum is estimated from the human grades there), ${nulls.human} a human's and ${nulls.withoutResult} without a result (both left out of the population)`,
  ];
  const judged = units.flatMap((u) => (typeof u.judge === 'number' ? [u.judge] : []));
  const judgeMean = judged.length === 0 ? null : judged.reduce((s, g) => s + g, 0) / judged.length;
  const groups = new Map<string, GradedUnit[]>();
  for (const u of counted) {
    const name = judgeStratum(scale, u.judge);
    groups.set(name, [...(groups.get(name) ?? []), u]);
  }
  const strata: MeanStratum[] = [...groups.entries()].map(([stratum, members]) => ({
    stratum,
    population: members.length,
    values: members.flatMap((u) => (typeof u.human === 'number' ? [u.human] : [])),
  }));
  const counts = strata.map((h) => ({
    stratum: h.stratum,
    population: h.population,
    labeled: h.values.length,
    humanMean: h.values.length === 0 ? null : h.values.reduce((s, v) => s + v, 0) / h.values.length,
  }));
  const labeled = counted.filter((u) => u.human !== undefined).length;
  const base = { target, confidence, population, labeled, judgeMean, nulls, strata: counts };
  const none = { ...base, mean: null, ci: null, method: 'none' as const, interval: null, effectiveN: null, se: null };
  if (labeled === 0) return { ...none, notes: [...notes, 'no unit has a final human grade'] };
  const support = scale.kind === 'ordinal' ? scale.levels.map((l) => l.value) : [range.min, range.max];
  const estimate = stratifiedMeanEstimate(strata, { min: range.min, max: range.max, support, confidence, target });
  if (estimate === null) {
    const empty = counts.filter((h) => h.population > 0 && h.labeled === 0).map((h) => h.stratum);
    return { ...none, notes: [...notes, `no graded unit yet in stratum ${empty.join(', ')}: its mean is unknown, so no estimate`] };
  }
  const census = counted.every((u) => u.human !== undefined);
  if (!census) {
    notes.push(
      'the graded units are taken as a random sample within each stratum of the judge’s grade, which they are not if they were chosen',
    );
    const thin = counts.filter((h) => h.labeled < h.population && h.population >= 0.05 * population && h.labeled < FEW_LABELS_STRATUM);
    if (labeled < FEW_LABELS_TOTAL || thin.length > 0) {
      notes.push(
        `the interval rests on few human grades (${labeled}${thin.map((h) => `; ${h.labeled} in stratum ${h.stratum}`).join('')}): grade more units for a firmer figure`,
      );
    }
  }
  return {
    ...base,
    mean: estimate.estimate,
    ci: estimate.ci,
    method: census ? 'census' : 'post-stratified-ppi',
    interval: !census ? 'price-bonett-levels' : estimate.variance === 0 ? 'exact' : 'normal',
    effectiveN: estimate.effectiveN,
    se: estimate.se,
    notes,
  };
}
