import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
/** Small statistics for the bench: every figure is a median or a percentile measured within one run. */

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** The p-th percentile (0..100) by linear interpolation between the closest ranks. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const a = sorted[low] ?? Number.NaN;
  const b = sorted[high] ?? Number.NaN;
  return a + (b - a) * (rank - low);
}

/** Rounds to a few significant decimals, so the JSON stays readable. */
export function round(value: number, decimals = 3): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Milliseconds since `start` (a performance.now() reading). */
export function since(start: number): number {
  return performance.now() - start;
}

/** CPU time (user + system) in milliseconds since a process.cpuUsage() reading. */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Runs fn n times and returns each duration in ms. */
export function timeRepeated(n: number, fn: () => void): number[] {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    fn();
    times.push(since(start));
  }
  return times;
}

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

let collector: (() => void) | undefined;

/** A full garbage collection (exposed at run time, since `npm run bench` starts node without --expose-gc). */
export function collectGarbage(): void {
  if (collector === undefined) {
    setFlagsFromString('--expose-gc');
    const found: unknown = runInNewContext('gc');
    collector = typeof found === 'function' ? (found as () => void) : () => undefined;
  }
  collector();
}
