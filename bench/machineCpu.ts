import { readFileSync } from 'node:fs';

/** The machine's CPU time so far (every core, in clock ticks), busy and in all, from /proc/stat; null off Linux. */
export interface MachineCpu {
  readonly busy: number;
  readonly total: number;
}

export function machineCpu(): MachineCpu | null {
  let text: string;
  try {
    text = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  // cpu  user nice system idle iowait irq softirq steal ...
  const fields = (text.split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  if (fields.length < 5 || fields.some((n) => !Number.isFinite(n))) return null;
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** The share of the machine's cores that were busy between two samples (1: every core all the time). */
export function busyShare(from: MachineCpu | null, to: MachineCpu | null): number | null {
  if (from === null || to === null || to.total <= from.total) return null;
  return (to.busy - from.busy) / (to.total - from.total);
}
