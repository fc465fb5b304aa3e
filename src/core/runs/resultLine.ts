import * as z from 'zod';
import { GradeSchema } from '../scale/verdictScale';
import { CriterionResultSchema } from '../scale/criteria';

export const MessageSchema = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });

export const UsageSchema = z.object({ promptTokens: z.number().nonnegative(), completionTokens: z.number().nonnegative() });
export type Usage = z.infer<typeof UsageSchema>;

/** Where an item failed; each benchmark names its own stages (its basics' errorStages, checked on reading). */
export const ErrorStageSchema = z.string().min(1);
export const ItemErrorSchema = z.object({ stage: ErrorStageSchema, kind: z.string(), message: z.string() });
export type ItemError = z.infer<typeof ItemErrorSchema>;

export const VerdictSchema = z.boolean().nullable();

/**
 * One line of results.jsonl: the result of one item. An item's last line is its current result; a retry
 * appends a new line and nothing is ever rewritten. Benchmark-specific parts (Kalahi's mc and open) ride
 * along as extra keys.
 */
export const ResultLineSchema = z.looseObject({
  itemId: z.string().min(1),
  itemHash: z.string().regex(/^[0-9a-f]{64}$/),
  time: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  prompt: z.object({ messages: z.array(MessageSchema).optional(), text: z.string().optional() }).nullable(),
  judgePrompt: z
    .object({ messages: z.array(MessageSchema) })
    .nullable()
    .optional(),
  response: z.string().nullable(),
  judgeReply: z.string().nullable(),
  /** The binary verdict; null on a graded run, whose automatic verdict is `grade`. */
  verdict: VerdictSchema,
  /** On a graded run (run.json `scale` ordinal or numeric): the automatic grade; null: none parsable. */
  grade: GradeSchema.optional(),
  /** The item's criteria, each graded by the judge (criteria runs); the item's grade aggregates them. */
  criteria: z.array(CriterionResultSchema).optional(),
  scores: z.record(z.string(), z.unknown()),
  usage: UsageSchema.nullable(),
  latencyMs: z.number().nonnegative().nullable(),
  refusal: z.literal('content_filter').nullable().optional(),
  cached: z.boolean().optional(),
  error: ItemErrorSchema.nullable(),
});
export type ResultLine = z.infer<typeof ResultLineSchema>;

export function addUsage(a: Usage | null, b: Usage | null): Usage | null {
  if (a === null) return b;
  if (b === null) return a;
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens };
}
