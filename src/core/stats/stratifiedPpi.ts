import { DEFAULT_CONFIDENCE, type Interval } from './interval';
import { wilsonInterval } from './wilson';

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

export interface StratifiedEstimate {
  /** Σ_h W_h p̂_h, W_h = N_h / N. */
  readonly estimate: number;
  /** Variance from the human sample (within strata, finite-population corrected) plus the items' own. */
  readonly variance: number;
  readonly se: number;
  /** θ̂(1 - θ̂) / variance: the simple random sample as informative as this design (Kish 1965). */
  readonly effectiveN: number;
  /** Wilson at the effective sample size; Wilson on all N items when every item is labeled. */
  readonly ci: Interval;
  readonly population: number;
  readonly labeled: number;
}

/**
 * The accuracy of a model from the judge's verdict on every item and human labels on a stratified sample.
 *
 * With strata defined by the judge's verdict, the prediction is constant within a stratum, so this is
 * prediction-powered inference (Angelopoulos et al. 2023, Science 382:669) with the rectifier mean(human -
 * judge) estimated per stratum: θ̂ = Σ_h W_h (judge_h + mean_h(human - judge)) = Σ_h W_h p̂_h, the stratified
 * estimator of Cochran (1977, ch. 5). The target is the model's accuracy on the population of questions the
 * benchmark samples, so the variance has two parts:
 *   Σ_h W_h² (1 - n_h / N_h) s_h² / n_h   (which items the humans reviewed; s_h² the sample variance)
 *   + θ̂(1 - θ̂) / N                       (which questions the benchmark holds)
 * The interval is Wilson's at the design's effective sample size (Kott & Carr 1997), which keeps its
 * coverage near the boundaries and reduces to the plain Wilson interval on N items when all are labeled.
 * A stratum with a single label is given the largest Bernoulli variance, 1/4.
 */
export function stratifiedEstimate(strata: readonly StratumCounts[], confidence: number = DEFAULT_CONFIDENCE): StratifiedEstimate | null {
  const population = strata.reduce((s, h) => s + h.population, 0);
  const labeled = strata.reduce((s, h) => s + h.labeled, 0);
  if (population === 0) return null;
  let estimate = 0;
  let sampling = 0;
  for (const h of strata) {
    if (h.population === 0) continue;
    if (h.labeled < 1 || h.labeled > h.population || h.positives < 0 || h.positives > h.labeled) {
      if (h.labeled === 0) return null;
      throw new RangeError(`stratifiedEstimate: stratum ${h.stratum} has ${h.positives} positives of ${h.labeled} labels of ${h.population} items`);
    }
    const weight = h.population / population;
    const p = h.positives / h.labeled;
    estimate += weight * p;
    const s2 = h.labeled >= 2 ? (h.labeled / (h.labeled - 1)) * p * (1 - p) : 0.25;
    sampling += weight * weight * (1 - h.labeled / h.population) * (s2 / h.labeled);
  }
  const bernoulli = estimate * (1 - estimate);
  const variance = sampling + bernoulli / population;
  const effectiveN = bernoulli > 0 && variance > 0 ? Math.min(population, bernoulli / variance) : labeled;
  const ci = wilsonInterval(estimate * effectiveN, effectiveN, confidence) ?? [0, 1];
  return { estimate, variance, se: Math.sqrt(variance), effectiveN, ci, population, labeled };
}
