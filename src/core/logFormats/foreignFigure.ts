import * as z from 'zod';

/** A figure as run.json records it: a number, or Python's spelling of one JSON has none for (lm-eval's mae can be NaN). */
export const FigureSchema = z.union([
  z.number(),
  z.enum(['NaN', 'inf', '-inf']).transform((t) => (t === 'NaN' ? Number.NaN : t === 'inf' ? Infinity : -Infinity)),
]);

/** A log's figure for run.json: non-finite ones as 'NaN', 'inf', '-inf' (JSON would write null and lose it). */
export function figureJson(value: number): number | 'NaN' | 'inf' | '-inf' {
  return Number.isNaN(value) ? 'NaN' : value === Infinity ? 'inf' : value === -Infinity ? '-inf' : value;
}

/** A figure as printed: NaN, inf and -inf as Python and the log write them. */
export function shownFigure(value: number): string {
  return String(figureJson(value));
}
