// zod schemas of the request bodies the test server accepts (unknown extra fields are kept and ignored).
import * as z from 'zod';
import { firstIssue, firstIssueLine } from '../../src/core/util/zodIssues';

const ContentPart = z.looseObject({ type: z.string(), text: z.string().optional() });

export const MessageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(ContentPart), z.null()]).optional(),
});

export const ChatBodySchema = z.looseObject({
  model: z.string().min(1).optional(),
  messages: z.array(MessageSchema).min(1),
  stream: z.boolean().nullish(),
  max_tokens: z.number().int().min(1).nullish(),
  max_completion_tokens: z.number().int().min(1).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  n: z.literal(1).nullish(),
  seed: z.number().int().nullish(),
  /** vLLM extensions. */
  prompt_logprobs: z.number().int().min(0).max(20).nullish(),
  add_generation_prompt: z.boolean().nullish(),
});
export type ChatBody = z.infer<typeof ChatBodySchema>;

export const CompletionBodySchema = z.looseObject({
  model: z.string().min(1).optional(),
  prompt: z.union([z.string(), z.array(z.string()).min(1)]),
  echo: z.boolean().nullish(),
  logprobs: z.number().int().min(0).max(20).nullish(),
  max_tokens: z.number().int().min(0).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  n: z.literal(1).nullish(),
  stream: z.boolean().nullish(),
  /** vLLM extension. */
  prompt_logprobs: z.number().int().min(0).max(20).nullish(),
});
export type CompletionBody = z.infer<typeof CompletionBodySchema>;

export const TokenizeBodySchema = z
  .looseObject({
    model: z.string().optional(),
    prompt: z.string().optional(),
    messages: z.array(MessageSchema).optional(),
    add_generation_prompt: z.boolean().optional(),
    add_special_tokens: z.boolean().optional(),
    return_token_strs: z.boolean().optional(),
  })
  .refine((b) => (b.prompt === undefined) !== (b.messages === undefined), {
    message: 'exactly one of prompt and messages is required',
  });
export type TokenizeBody = z.infer<typeof TokenizeBodySchema>;

export const ConfigureBodySchema = z.strictObject({
  latencyMs: z.number().min(0).optional(),
  modelSeed: z.number().int().optional(),
  rateLimitPerSecond: z.number().positive().optional(),
  rateLimitBurst: z.number().positive().optional(),
  faults: z
    .strictObject({
      seed: z.number().int(),
      rate429: z.number().min(0).max(1).optional(),
      retryAfterSeconds: z.number().min(0).nullable().optional(),
      rate500: z.number().min(0).max(1).optional(),
      rateDrop: z.number().min(0).max(1).optional(),
      rateMalformed: z.number().min(0).max(1).optional(),
      rateEmptyChoices: z.number().min(0).max(1).optional(),
    })
    .optional(),
});
export type ConfigureBody = z.infer<typeof ConfigureBodySchema>;

/** First issue of a failed parse as an OpenAI-style message and param. */
export function describeIssue(error: z.ZodError): { message: string; param: string | null } {
  const { field } = firstIssue(error);
  return { message: firstIssueLine(error), param: field === '' ? null : field };
}
