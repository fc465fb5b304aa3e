import * as z from 'zod';
import { GradeSchema, type Grade } from './verdictScale';

/**
 * One criterion of an item, as a criteria judge graded it (SEA-HELM's criteria judges: one judge call per
 * criterion). Rides on the item's result line (`criteria`), in the order the source aggregates them.
 */
export const CriterionResultSchema = z.object({
  /** The criterion's id as its source numbers it (SEA-HELM: the part after the item id in `custom_ids`). */
  id: z.string().min(1),
  /** What the criterion asks of the answer. */
  text: z.string(),
  /** The judge's grade on the run's scale; null when its reply holds no level the scale knows. */
  grade: GradeSchema,
  /** The judge's level as it wrote it (an unknown or mis-cased class kept as written); null: none found. */
  level: z.string().nullable(),
  /** The judge's reasoning (SEA-HELM's <reflection>); null: none found. */
  reasoning: z.string().nullable(),
  /** The judge's whole reply; null when it gave none. */
  judgeReply: z.string().nullable(),
});
export type CriterionResult = z.infer<typeof CriterionResultSchema>;

/**
 * How an item's grade follows from its criteria's: the mean, with a null criterion counted as the source
 * counts it (`nullAs`: SEA-HELM counts an unparsable classification as 0.0) or left out (`nullAs: null`).
 */
export const CriteriaAggregationSchema = z.object({ kind: z.literal('mean'), nullAs: z.number().finite().nullable() });
export type CriteriaAggregation = z.infer<typeof CriteriaAggregationSchema>;

/** The item's grade from its criteria's grades; null when no criterion counts (none, or every one null and left out). */
export function aggregateCriteria(grades: readonly Grade[], aggregation: CriteriaAggregation): Grade {
  let sum = 0;
  let counted = 0;
  for (const grade of grades) {
    const value = grade ?? aggregation.nullAs;
    if (value === null) continue;
    sum += value;
    counted += 1;
  }
  return counted === 0 ? null : sum / counted;
}
