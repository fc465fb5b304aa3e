import { DEFAULT_CONFIDENCE, type Interval } from './interval';
import { criticalValue } from './normal';
import { DEFAULT_TARGET, type EstimateTarget } from './stratifiedPpi';

/** Items that share the judge's grade: how many there are, and the human grades of those a person reviewed. */
export interface MeanStratum {
  readonly stratum: string;
  readonly population: number;
  readonly values: readonly number[];
}

export interface StratifiedMeanOptions {
  /** The lowest and highest value a grade can take (the scale's range). */
  readonly min: number;
  readonly max: number;
  /** The values the pseudo-observations are spread over evenly: an ordinal scale's levels; default [min, max]. */
  readonly support?: readonly number[];
  readonly confidence?: number;
  readonly target?: EstimateTarget;
}

export interface StratifiedMeanEstimate {
  /** Σ_h W_h ȳ_h, W_h = N_h / N: the unbiased point estimate. */
  readonly estimate: number;
  /** The interval's centre: Σ_h W_h (f_h ȳ_h + (1 − f_h) ỹ_h), the unreviewed items at the adjusted mean. */
  readonly center: number;
  readonly variance: number;
  readonly se: number;
  /** σ̃² / variance: the simple random sample as informative as this design; null when exact. */
  readonly effectiveN: number | null;
  readonly ci: Interval;
  /** a = 2/m: each stratum not fully reviewed gets 2a pseudo-observations over the support (a at each end of a 0/1 one). */
  readonly adjustment: number;
  readonly population: number;
  readonly labeled: number;
  readonly target: EstimateTarget;
}

/**
 * The mean score of a run's items from the judge's grade on every item and human grades on a sample, stratified
 * by the judge's grade. The judge's prediction is constant within a stratum, so prediction-powered inference
 * for a mean (Angelopoulos et al. 2023, Science 382:669) with its rectifier estimated per stratum is the
 * stratified mean of Cochran (1977, ch. 5): θ̂ = Σ_h W_h ȳ_h.
 *
 * The interval extends stratifiedEstimate's (Price & Bonett 2004) from 0/1 to graded values: each of the m strata
 * not fully reviewed gets 2a = 4/m pseudo-observations spread evenly over the support s_1..s_L (the scale's
 * levels), e = 2a/L at each: ỹ_h = (Σ y + e Σ s_l)/(n_h + 2a) and s̃²_h = [Σ (y − ỹ_h)² + e Σ (s_l − ỹ_h)²]/(n_h + 2a).
 * On 0/1 values with the support {0, 1} these are p̃_h and p̃_h(1 − p̃_h): a binary run gets exactly the binary
 * interval. A stratum whose reviewed grades all agree keeps a variance of the order 1/n_h instead of none.
 * Spreading over the levels rather than putting the mass at the two ends halves the excess width for a judge
 * that is mostly right, and rather than at the levels next to the judge's it keeps coverage when a judge's rare
 * errors are far off (both measured in test/unit/stats/stratifiedMeanCoverage.test.ts).
 * With Cochran's finite-population correction f_h = n_h / N_h the variance is Σ W_h² (1 − f_h) s̃²_h / (n_h + 2a)
 * and the centre Σ W_h (f_h ȳ_h + (1 − f_h) ỹ_h); a fully reviewed stratum is exact. The superpopulation target
 * adds σ̃²/N, σ̃² = Σ W_h (f_h ȳ²_h + (1 − f_h) ỹ²_h) − centre² (the predicted second moment; θ̃(1 − θ̃) on 0/1).
 * The interval always contains θ̂ and stays within [min, max]. Null when a non-empty stratum has no value.
 */
export function stratifiedMeanEstimate(strata: readonly MeanStratum[], options: StratifiedMeanOptions): StratifiedMeanEstimate | null {
  const { min, max } = options;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const target = options.target ?? DEFAULT_TARGET;
  if (!(max > min)) throw new RangeError(`stratifiedMeanEstimate: max ${max} must be above min ${min}`);
  const population = strata.reduce((s, h) => s + h.population, 0);
  const labeled = strata.reduce((s, h) => s + h.values.length, 0);
  if (population === 0) return null;
  for (const h of strata) {
    if (h.population === 0) continue;
    if (h.values.length === 0) return null;
    if (h.values.length > h.population || h.values.some((v) => !(v >= min && v <= max))) {
      throw new RangeError(
        `stratifiedMeanEstimate: stratum ${h.stratum} has ${h.values.length} values of ${h.population} items, or one outside ${min}..${max}`,
      );
    }
  }
  const support = options.support ?? [min, max];
  if (support.length === 0 || support.some((v) => !(v >= min && v <= max)))
    throw new RangeError(`stratifiedMeanEstimate: the support must be values within ${min}..${max}`);
  const sampled = strata.filter((h) => h.population > 0 && h.values.length < h.population).length;
  const a = sampled > 0 ? 2 / sampled : 0;
  let estimate = 0;
  let center = 0;
  let secondMoment = 0;
  let variance = 0;
  for (const h of strata) {
    if (h.population === 0) continue;
    const weight = h.population / population;
    const n = h.values.length;
    const mean = h.values.reduce((s, v) => s + v, 0) / n;
    const meanSquare = h.values.reduce((s, v) => s + v * v, 0) / n;
    estimate += weight * mean;
    const fraction = n / h.population;
    if (fraction >= 1) {
      center += weight * mean;
      secondMoment += weight * meanSquare;
      continue;
    }
    const adjustedN = n + 2 * a;
    const each = (2 * a) / support.length;
    const adjusted = (n * mean + each * support.reduce((s, v) => s + v, 0)) / adjustedN;
    const spread = h.values.reduce((s, v) => s + (v - adjusted) ** 2, 0) + each * support.reduce((s, v) => s + (v - adjusted) ** 2, 0);
    const adjustedSquare = (n * meanSquare + each * support.reduce((s, v) => s + v * v, 0)) / adjustedN;
    center += weight * (fraction * mean + (1 - fraction) * adjusted);
    secondMoment += weight * (fraction * meanSquare + (1 - fraction) * adjustedSquare);
    variance += weight * weight * (1 - fraction) * (spread / adjustedN / adjustedN);
  }
  const spreadOfItems = Math.max(0, secondMoment - center * center);
  if (target === 'superpopulation') variance += spreadOfItems / population;
  const half = criticalValue(confidence) * Math.sqrt(variance);
  const ci: Interval = [Math.max(min, Math.min(estimate, center - half)), Math.min(max, Math.max(estimate, center + half))];
  const effectiveN = variance > 0 ? spreadOfItems / variance : null;
  return { estimate, center, variance, se: Math.sqrt(variance), effectiveN, ci, adjustment: a, population, labeled, target };
}
