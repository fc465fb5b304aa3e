import { DEFAULT_CONFIDENCE, type Interval } from './interval';
import { criticalValue } from './normal';

/**
 * The Wilson score interval for a proportion (Wilson 1927; method 3 of Newcombe 1998). `successes` and
 * `n` may be fractional, for the effective sample size of a complex design; null when n is 0.
 */
export function wilsonInterval(successes: number, n: number, confidence: number = DEFAULT_CONFIDENCE): Interval | null {
  if (!(n > 0)) return null;
  if (successes < 0 || successes > n) throw new RangeError(`wilsonInterval: successes ${successes} outside 0..${n}`);
  const z = criticalValue(confidence);
  const z2 = z * z;
  const p = successes / n;
  const center = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, center - half), Math.min(1, center + half)];
}
