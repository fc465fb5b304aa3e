/** A confidence interval [lower, upper]: a plain pair, so it serializes as a JSON array. */
export type Interval = readonly [number, number];

export const DEFAULT_CONFIDENCE = 0.95;

export function clampInterval(lower: number, upper: number, min: number, max: number): Interval {
  return [Math.max(min, lower), Math.min(max, upper)];
}
