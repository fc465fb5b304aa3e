// Number formatting shared by the review page's views; the percentage is core's one percent() (a pure module).
import { percent } from '../src/core/judgeValidation/format';

/** A share of the items as a percentage (one decimal), or "—" when there are no items or no share. */
export function percentOfItems(fraction: number | null, items: number): string {
  return percent(items === 0 ? null : fraction, 1, '—');
}

/** A signed difference in percentage points: "+1.2 pt", "−0.4 pt", "±0 pt". */
export function pointDelta(from: number, to: number): string {
  const points = Math.round((to - from) * 1000) / 10;
  if (points === 0) return '±0 pt';
  return `${points > 0 ? '+' : '−'}${Math.abs(points).toFixed(1)} pt`;
}

const INTEGER = new Intl.NumberFormat('en-US');

export function count(n: number): string {
  return INTEGER.format(n);
}

/** An ISO time as a short local date and time, or the text itself when it does not parse. */
export function shortTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
