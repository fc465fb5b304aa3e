import { DEFAULT_CONFIDENCE, type Interval } from './interval';
import { criticalValue } from './normal';

/**
 * One stratum of items that share the judge's verdict: how many items it holds, how many of them carry a
 * human label, and how many of those labels say "correct".
 */
export interface StratumCounts {
  readonly stratum: string;
  readonly population: number;
  readonly labeled: number;
  readonly positives: number;
}

/**
 * What the interval is for. run-items: the model's accuracy on the run's own N items (finite population;
 * the number a paper reports for this benchmark). superpopulation: the accuracy on the population of
 * questions the benchmark's items are taken to be drawn from, which adds the items' own θ(1 − θ)/N.
 */
export const ESTIMATE_TARGETS = ['run-items', 'superpopulation'] as const;
export type EstimateTarget = (typeof ESTIMATE_TARGETS)[number];
export const DEFAULT_TARGET: EstimateTarget = 'run-items';

export interface StratifiedOptions {
  readonly confidence?: number;
  readonly target?: EstimateTarget;
}

export interface StratifiedEstimate {
  /** Σ_h W_h k_h / n_h, W_h = N_h / N: the unbiased point estimate. */
  readonly estimate: number;
  /** The interval's centre: Σ_h W_h (f_h p̂_h + (1 − f_h) p̃_h), the unreviewed items at the adjusted proportion. */
  readonly center: number;
  readonly variance: number;
  readonly se: number;
  /** θ̃(1 − θ̃) / variance: the simple random sample as informative as this design (Kish 1965); null when exact. */
  readonly effectiveN: number | null;
  readonly ci: Interval;
  /** Pseudo-successes and pseudo-failures added to each stratum that is not fully reviewed (2/m). */
  readonly adjustment: number;
  readonly population: number;
  readonly labeled: number;
  readonly target: EstimateTarget;
}

/**
 * The accuracy of a model from the judge's verdict on every item and human labels on a stratified sample.
 *
 * With strata defined by the judge's verdict, the prediction is constant within a stratum, so this is
 * prediction-powered inference (Angelopoulos et al. 2023, Science 382:669) with the rectifier estimated per
 * stratum (stratified PPI, Fisch et al. 2024): θ̂ = Σ_h W_h p̂_h, the stratified estimator of Cochran (1977,
 * ch. 5).
 *
 * The interval is the adjusted Wald interval for a linear function of binomial proportions of Price & Bonett
 * (2004), which generalizes Agresti & Coull (1998) and Agresti & Caffo (2000): each of the m strata that are
 * not fully reviewed gets 2/m pseudo-successes and 2/m pseudo-failures, p̃_h = (k_h + 2/m)/(n_h + 4/m). A
 * stratum whose sampled verdicts all agree therefore keeps a variance of the order 1/n_h instead of none
 * (the collapse of the plain estimator), and one or two labels give a wide, not a degenerate, interval.
 * Finite population (Cochran's correction f_h = n_h / N_h): the reviewed items are known, the others are
 * predicted at p̃_h, so the centre is Σ W_h (f_h p̂_h + (1 − f_h) p̃_h) and the variance
 * Σ W_h² (1 − f_h) p̃_h(1 − p̃_h) / (n_h + 4/m); a fully reviewed stratum is exact. The superpopulation target
 * adds θ̃(1 − θ̃)/N for which questions the benchmark holds. The interval always contains θ̂.
 * Null when a non-empty stratum has no label: nothing is known about its accuracy.
 */
export function stratifiedEstimate(strata: readonly StratumCounts[], options: StratifiedOptions = {}): StratifiedEstimate | null {
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const target = options.target ?? DEFAULT_TARGET;
  const population = strata.reduce((s, h) => s + h.population, 0);
  const labeled = strata.reduce((s, h) => s + h.labeled, 0);
  if (population === 0) return null;
  for (const h of strata) {
    if (h.population === 0) continue;
    if (h.labeled === 0) return null;
    if (h.labeled < 0 || h.labeled > h.population || h.positives < 0 || h.positives > h.labeled) {
      throw new RangeError(
        `stratifiedEstimate: stratum ${h.stratum} has ${h.positives} positives of ${h.labeled} labels of ${h.population} items`,
      );
    }
  }
  const sampled = strata.filter((h) => h.population > 0 && h.labeled < h.population).length;
  const adjustment = sampled > 0 ? 2 / sampled : 0;
  let estimate = 0;
  let center = 0;
  let variance = 0;
  for (const h of strata) {
    if (h.population === 0) continue;
    const weight = h.population / population;
    const observed = h.positives / h.labeled;
    estimate += weight * observed;
    const fraction = h.labeled / h.population;
    if (fraction >= 1) {
      center += weight * observed;
      continue;
    }
    const adjustedN = h.labeled + 2 * adjustment;
    const adjusted = (h.positives + adjustment) / adjustedN;
    center += weight * (fraction * observed + (1 - fraction) * adjusted);
    variance += weight * weight * (1 - fraction) * ((adjusted * (1 - adjusted)) / adjustedN);
  }
  if (target === 'superpopulation') variance += (center * (1 - center)) / population;
  const half = criticalValue(confidence) * Math.sqrt(variance);
  const ci: Interval = [Math.max(0, Math.min(estimate, center - half)), Math.min(1, Math.max(estimate, center + half))];
  const effectiveN = variance > 0 ? (center * (1 - center)) / variance : null;
  return { estimate, center, variance, se: Math.sqrt(variance), effectiveN, ci, adjustment, population, labeled, target };
}
