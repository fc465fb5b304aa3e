import * as z from 'zod';
import { ResultLineSchema } from '../../runs/resultLine';
import { LOGPROB_BACKENDS } from '../../backends/logprobBackend';
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
  relevant: z.array(z.number()),
  irrelevant: z.array(z.number()),
  maxRelevant: z.number(),
  maxIrrelevant: z.number(),
  diff: z.number(),
  acc: z.boolean(),
});

/** BERTScore (rescaled) and BLEURT have their own scales; every other metric scores 0..1. */
const UNBOUNDED_METRICS: ReadonlySet<string> = new Set(['bertscore', 'bleurt']);

const MetricOutcomesSchema = z.record(z.string(), MetricOutcomeSchema).superRefine((metrics, ctx) => {
  for (const [name, outcome] of Object.entries(metrics)) {
    if (UNBOUNDED_METRICS.has(name)) continue;
    const scores = [...outcome.relevant, ...outcome.irrelevant];
    const at = scores.findIndex((s) => s < 0 || s > 1);
    if (at >= 0) ctx.addIssue({ code: 'custom', path: [name], message: `score ${scores[at]} outside 0..1` });
    if (outcome.diff < -1 || outcome.diff > 1)
      ctx.addIssue({ code: 'custom', path: [name, 'diff'], message: `diff ${outcome.diff} outside -1..1` });
  }
});

export const KalahiOpenPartSchema = z.strictObject({
  /** The model's output, trimmed. */
  answer: z.string(),
  empty: z.boolean(),
  finishReason: z.string().nullable(),
  metrics: MetricOutcomesSchema,
});
export type KalahiOpenPart = z.infer<typeof KalahiOpenPartSchema>;

/** A Kalahi result line: the common fields plus its references and the parts of the tasks that ran. */
export const KalahiResultLineSchema = ResultLineSchema.extend({
  references: KalahiReferencesSchema,
  mc: KalahiMcPartSchema.optional(),
  open: KalahiOpenPartSchema.optional(),
});
export type KalahiResultLine = z.infer<typeof KalahiResultLineSchema>;
