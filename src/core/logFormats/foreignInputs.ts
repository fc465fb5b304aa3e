import * as z from 'zod';

/** One turn of the input conversation, its content flattened to text (images and tool calls named). */
export const TurnSchema = z.object({ role: z.string(), text: z.string() });
export type Turn = z.infer<typeof TurnSchema>;

/** One score of a sample as the log has it; `value` is the log's own value (a letter, a number, a boolean…). */
export const ForeignScoreSchema = z.object({
  name: z.string(),
  value: z.unknown(),
  answer: z.string().nullable(),
  explanation: z.string().nullable(),
  metadata: z.unknown(),
  /** Edits already in the log (Inspect's score history, the original first). */
  history: z
    .array(z.object({ value: z.unknown(), author: z.string().nullable(), reason: z.string().nullable(), timestamp: z.string().nullable() }))
    .optional(),
});
export type ForeignScore = z.infer<typeof ForeignScoreSchema>;

/**
 * What every result line of an imported evaluation log holds in `inputs`, whatever the framework: the sample's
 * key in the log, the input as a conversation, choices with the target marked, the target, every score.
 */
export const ForeignInputsSchema = z.object({
  /** The sample's id as the log writes it, and its epoch (null where the framework has none). */
  sampleId: z.string(),
  epoch: z.number().int().nullable(),
  /** Position in the log's own order. */
  index: z.number().int().nonnegative(),
  conversation: z.array(TurnSchema),
  choices: z.array(z.object({ label: z.string(), text: z.string(), target: z.boolean() })).nullable(),
  target: z.string(),
  scores: z.array(ForeignScoreSchema),
  /** The score whose value gives the automatic verdict (null: the sample has none). */
  verdictScore: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type ForeignInputs = z.infer<typeof ForeignInputsSchema>;

/** A score's value as the review shows it: letters and numbers as written, anything else as compact JSON. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === undefined) return '';
  return JSON.stringify(value);
}
