import { type NumericScale, type OrdinalScale } from '../scale/verdictScale';

/**
 * The scale of an imported log's graded scores, when the log does not declare one: a number scale whose range
 * is the smallest of [0, 1], [0, 10], [0, 100] holding every value (below 0: the same bound on both sides),
 * else [lowest, highest]. With `ratings` (a judge's scores, as MT-Bench's), whole numbers within 0..10 that
 * go above 1 are a rating scale, Likert 1-5 or 1-10 (0-5, 0-10 when a 0 occurs), its levels named by number.
 */
export function scaleOfGradedValues(values: readonly number[], options: { readonly ratings: boolean }): NumericScale | OrdinalScale {
  const finite = values.filter((v) => Number.isFinite(v));
  const lowest = Math.min(0, ...finite);
  const highest = Math.max(1, ...finite);
  if (options.ratings && finite.every((v) => Number.isInteger(v)) && lowest >= 0 && highest <= 10) {
    const from = finite.includes(0) ? 0 : 1;
    const to = highest <= 5 ? 5 : 10;
    const levels = Array.from({ length: to - from + 1 }, (_, i) => ({ name: String(from + i), value: from + i }));
    return { kind: 'ordinal', levels };
  }
  const bound = (x: number): number => [1, 10, 100].find((b) => x <= b) ?? x;
  const max = bound(Math.max(highest, -lowest));
  return { kind: 'numeric', min: lowest < 0 ? -max : 0, max: lowest < 0 ? max : bound(highest) };
}

/** Whether a value is a grade beyond a binary verdict: a finite number other than 0 and 1. */
export function isGradedNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value !== 0 && value !== 1;
}
