/**
 * What annotators decided, as the review protocol (review.ts) carries it: a decision on an item or one of
 * its criteria, each annotator's current state, a graded run's final grade and its criteria. Imports nothing
 * but zod and the zod-only schemas of events and scales.
 */
import * as z from 'zod';
import { HallucinationCategorySchema } from '../adjudication/event';
import { GradeSchema } from '../scale/verdictScale';

export const CategoryIdSchema = HallucinationCategorySchema;
export type CategoryId = z.infer<typeof CategoryIdSchema>;

/**
 * An annotator's state for an item (or one of its criteria); `verdict` (a binary run) or `grade` (a graded
 * run: a value on its scale, null for "no parsable verdict") absent means no decision (skipped, unsure).
 */
export const DecisionSchema = z.object({
  verdict: z.boolean().nullable().optional(),
  grade: GradeSchema.optional(),
  hallucination: CategoryIdSchema.nullable(),
  note: z.string().max(100_000),
});
export type Decision = z.infer<typeof DecisionSchema>;

export const AnnotatorViewSchema = z.object({
  annotator: z.string(),
  role: z.enum(['annotator', 'adjudicator']),
  decision: DecisionSchema,
  time: z.string(),
  stale: z.boolean(),
  blind: z.boolean(),
});
export type AnnotatorViewMessage = z.infer<typeof AnnotatorViewSchema>;

export const FinalGradeSchema = z.object({
  grade: GradeSchema,
  source: z.enum(['adjudicator', 'agreement', 'criteria']),
  by: z.array(z.string()),
});

/** One criterion of an item: what it asks, what the judge said of it, and who decided what. */
export const CriterionViewSchema = z.object({
  id: z.string(),
  text: z.string(),
  judge: z.object({ grade: GradeSchema, level: z.string().nullable(), reasoning: z.string().nullable(), reply: z.string().nullable() }),
  annotators: z.array(AnnotatorViewSchema),
  mine: DecisionSchema.nullable(),
  final: FinalGradeSchema.nullable(),
  conflict: z.boolean(),
});
export type CriterionView = z.infer<typeof CriterionViewSchema>;

/**
 * A graded run's grades on a list row: the judge's (null: none parsable), the final human one and this
 * annotator's own (absent: none); an item with criteria, each criterion's, in its line's order.
 */
export const RowGradesSchema = z.object({
  auto: GradeSchema.optional(),
  human: GradeSchema.optional(),
  mine: GradeSchema.optional(),
  criteria: z.array(z.object({ auto: GradeSchema, human: GradeSchema.optional(), mine: GradeSchema.optional() })).optional(),
});
export type RowGrades = z.infer<typeof RowGradesSchema>;
