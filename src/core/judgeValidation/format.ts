import { type Interval } from '../stats/interval';

// Pure formatting: the CLI's report, the Statistics page and the review page (browser code) all import it.

/** 0.6234 -> "62.3%"; null, undefined or a non-finite number -> `missing` ("n/a"). */
export function percent(x: number | null | undefined, digits = 1, missing = 'n/a'): string {
  return x === null || x === undefined || !Number.isFinite(x) ? missing : `${(100 * x).toFixed(digits)}%`;
}

/** [0.59, 0.66] -> "[59.0, 66.0]" (percent points), or "" when there is no interval. */
export function percentInterval(ci: Interval | null | undefined, digits = 1): string {
  return ci === null || ci === undefined ? '' : `[${(100 * ci[0]).toFixed(digits)}, ${(100 * ci[1]).toFixed(digits)}]`;
}

export function fixed(x: number | null | undefined, digits = 3): string {
  return x === null || x === undefined ? 'n/a' : x.toFixed(digits);
}

export function fixedInterval(ci: Interval | null | undefined, digits = 3): string {
  return ci === null || ci === undefined ? '' : `[${ci[0].toFixed(digits)}, ${ci[1].toFixed(digits)}]`;
}
