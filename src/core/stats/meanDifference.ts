import { DEFAULT_CONFIDENCE, type Interval } from './interval';
import { studentCriticalValue } from './studentT';

export interface MeanDifference {
  /** Pairs compared. */
  readonly n: number;
  /** Mean of (first - second): for judge against human, above 0 means the judge grades higher. */
  readonly mean: number | null;
  /** Sample standard deviation of the differences (n - 1 in the denominator). */
  readonly sd: number | null;
  readonly se: number | null;
  /** mean ± t_{n-1}·se (the paired t interval); null with fewer than two pairs. */
  readonly ci: Interval | null;
  /** Mean of |first - second|: how far apart the two are on average, whatever the direction. */
  readonly meanAbsolute: number | null;
}

/**
 * The mean difference of paired values (judge - human on the same items) with the paired t interval (Student
 * 1908), and the mean absolute difference. When every difference is the same the interval has no width: the
 * t interval says nothing about a difference it never saw vary.
 */
export function meanDifference(pairs: readonly (readonly [number, number])[], confidence: number = DEFAULT_CONFIDENCE): MeanDifference {
  const n = pairs.length;
  if (n === 0) return { n, mean: null, sd: null, se: null, ci: null, meanAbsolute: null };
  const differences = pairs.map(([a, b]) => a - b);
  const mean = differences.reduce((s, d) => s + d, 0) / n;
  const meanAbsolute = differences.reduce((s, d) => s + Math.abs(d), 0) / n;
  if (n < 2) return { n, mean, sd: null, se: null, ci: null, meanAbsolute };
  const sd = Math.sqrt(differences.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1));
  const se = sd / Math.sqrt(n);
  const half = studentCriticalValue(confidence, n - 1) * se;
  return { n, mean, sd, se, ci: [mean - half, mean + half], meanAbsolute };
}
