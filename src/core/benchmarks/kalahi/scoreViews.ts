import * as z from 'zod';
import { type ResultLine } from '../../runs/resultLine';

// The few Kalahi result fields the statistics and the queue read, validated here at the boundary (loosely: the rest of
// a Kalahi line is the Kalahi runner's business).
const MetricView = z.looseObject({ acc: z.boolean(), diff: z.number() });
const OpenView = z.looseObject({ open: z.looseObject({ metrics: z.record(z.string(), MetricView) }) });
const McScore = z.looseObject({ score: z.number() });
const McView = z.looseObject({
  references: z.looseObject({ bestIndex: z.number().int().nonnegative() }),
  mc: z.looseObject({ relevant: z.array(McScore).min(1), irrelevant: z.array(McScore).min(1) }),
});

export interface MetricVerdict {
  readonly acc: boolean;
  readonly diff: number;
}

/** Each similarity metric's acc and diff of an open-ended answer, or null when the line has none. */
export function openMetrics(line: ResultLine | undefined): Readonly<Record<string, MetricVerdict>> | null {
  const parsed = OpenView.safeParse(line);
  return parsed.success ? parsed.data.open.metrics : null;
}

/** MC margin: the best answer's length-normalized log-prob minus the best irrelevant one's. */
export function mcMargin(line: ResultLine | undefined): number | null {
  const parsed = McView.safeParse(line);
  if (!parsed.success) return null;
  const best = parsed.data.mc.relevant[parsed.data.references.bestIndex]?.score;
  if (best === undefined) return null;
  return best - Math.max(...parsed.data.mc.irrelevant.map((s) => s.score));
}
