import { z } from 'zod';
import { ResultLineSchema } from '../../runs/resultLine';
import { LOGPROB_BACKENDS } from './logprobBackend';
import { MC2_MODES } from './mcScores';

/** The references as scored (periods appended unless turned off): relevant, with the best among them, and irrelevant. */
export const KalahiReferencesSchema = z.strictObject({
  relevant: z.array(z.string().min(1)).min(1),
  irrelevant: z.array(z.string().min(1)).min(1),
  bestIndex: z.number().int().nonnegative(),
});

export const McReferenceScoreSchema = z.strictObject({
  /** Sum of the continuation tokens' log-probs. */
  logprob: z.number(),
  /** UTF-8 bytes of the reference. */
  bytes: z.number().int().positive(),
  /** Tokens summed. */
  tokens: z.number().int().positive(),
  /** logprob / bytes. */
  score: z.number(),
  straddled: z.boolean(),
  /** The exact text sent (completions); null when the server rendered the messages (vllm-chat). */
  sent: z.string().nullable(),
  prefixTokens: z.number().int().nonnegative().nullable(),
  /** The log-prob of each summed token (absent in runs made before it was recorded). */
  tokenLogprobs: z.array(z.number()).optional(),
  /** Local backends: the ids of every token fed to the model, the prefix's included. */
  tokenIds: z.array(z.number().int().nonnegative()).optional(),
  /** Local backends: the index in tokenIds of the first scored token. */
  scoredFrom: z.number().int().nonnegative().optional(),
  /** Local backends: indexes in tokenLogprobs whose probability underflowed float32 (the value there is an upper bound). */
  underflowed: z.array(z.number().int().nonnegative()).optional(),
});

export const KalahiMcPartSchema = z.strictObject({
  backend: z.enum(LOGPROB_BACKENDS),
  relevant: z.array(McReferenceScoreSchema).min(1),
  irrelevant: z.array(McReferenceScoreSchema).min(1),
  mc1: z.union([z.literal(0), z.literal(1)]),
  mc2: z.number().min(0).max(1),
  mc2Mode: z.enum(MC2_MODES),
  requests: z.number().int().nonnegative(),
});
export type KalahiMcPart = z.infer<typeof KalahiMcPartSchema>;

export const MetricOutcomeSchema = z.strictObject({
  relevant: z.array(z.number().min(0).max(1)),
  irrelevant: z.array(z.number().min(0).max(1)),
  maxRelevant: z.number(),
  maxIrrelevant: z.number(),
  diff: z.number().min(-1).max(1),
  acc: z.boolean(),
});

export const KalahiOpenPartSchema = z.strictObject({
  /** The model's output, trimmed. */
  answer: z.string(),
  empty: z.boolean(),
  finishReason: z.string().nullable(),
  metrics: z.record(z.string(), MetricOutcomeSchema),
});
export type KalahiOpenPart = z.infer<typeof KalahiOpenPartSchema>;

/** A Kalahi result line: the common fields plus its references and the parts of the tasks that ran. */
export const KalahiResultLineSchema = ResultLineSchema.extend({
  references: KalahiReferencesSchema,
  mc: KalahiMcPartSchema.optional(),
  open: KalahiOpenPartSchema.optional(),
});
export type KalahiResultLine = z.infer<typeof KalahiResultLineSchema>;
