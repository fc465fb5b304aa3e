/**
 * What the process running a GGUF model (runtimeProcessEntry.ts) and the process using it
 * (runtimeProcess.ts) say to each other over Node's IPC channel. Both ends parse what they receive with
 * these schemas; a message that fails them is answered with `invalid`, never acted on.
 */
import * as z from 'zod';
import { GgufRuntimeRecordSchema } from './ggufRecord';
import { type GenerateOptions } from './sampling';

const RequestId = z.number().int().nonnegative();
const TokenIds = z.array(z.number().int().nonnegative());

export const TemplateMessageSchema = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });

/** A text to tokenize as it is, or messages the model's chat template renders first. */
export const TextSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('chat'), messages: z.array(TemplateMessageSchema), addGenerationPrompt: z.boolean() }),
]);
export type TextSource = z.infer<typeof TextSourceSchema>;

export const LoadOptionsSchema = z.object({
  path: z.string(),
  gpuLayers: z.union([z.literal('auto'), z.number().int().nonnegative()]),
  contextSize: z.number().int().positive().nullable(),
  threads: z.number().int().positive().nullable(),
  runtimeDirs: z.array(z.string()).optional(),
});

/** sampling.ts's GenerateOptions. */
export const GenerateOptionsSchema = z.object({
  maxTokens: z.number().int().positive(),
  temperature: z.number().nonnegative(),
  topP: z.number().positive().max(1),
  seed: z.number().int().nonnegative().max(0xffffffff),
}) satisfies z.ZodType<GenerateOptions>;

export const ToRuntimeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('open'), id: RequestId, options: LoadOptionsSchema }),
  z.object({ type: z.literal('fileRecord'), id: RequestId, size: z.number().int().nonnegative(), sha256: z.string() }),
  z.object({ type: z.literal('tokenize'), id: RequestId, text: z.string() }),
  z.object({ type: z.literal('render'), id: RequestId, messages: z.array(TemplateMessageSchema), addGenerationPrompt: z.boolean() }),
  /** How many tokens each source takes (fits the context?), in one round trip for a whole run's items. */
  z.object({ type: z.literal('measure'), id: RequestId, sources: z.array(TextSourceSchema) }),
  /** Renders and tokenizes the prefix and each sequence, then scores each sequence's tokens after the prefix's. */
  z.object({ type: z.literal('score'), id: RequestId, prefix: TextSourceSchema, sequences: z.array(TextSourceSchema) }),
  z.object({ type: z.literal('scoreTokens'), id: RequestId, prefix: TokenIds, sequences: z.array(TokenIds) }),
  z.object({ type: z.literal('evaluateOnly'), id: RequestId, prefix: TokenIds, sequences: z.array(TokenIds) }),
  z.object({ type: z.literal('generate'), id: RequestId, prompt: TextSourceSchema, options: GenerateOptionsSchema }),
  /** Stops request `target` at its next check; it then fails with kind "cancelled". No answer of its own. */
  z.object({ type: z.literal('cancel'), target: RequestId }),
  z.object({ type: z.literal('dispose'), id: RequestId }),
]);
export type ToRuntime = z.infer<typeof ToRuntimeSchema>;
export type RuntimeRequest = Exclude<ToRuntime, { type: 'cancel' }>;

export const ScoredSequenceSchema = z.object({
  tokens: TokenIds,
  scoredFrom: z.number().int().nonnegative(),
  logprobs: z.array(z.number()),
  underflowed: z.array(z.number().int().nonnegative()),
});

/** What the runtime knows of the model once it is loaded. */
export const ModelFactsSchema = z.object({
  fileName: z.string(),
  contextSize: z.number().int().positive(),
  vocabularySize: z.number().int().nonnegative(),
  /** The chat template's source, null when the GGUF has none. */
  templateSource: z.string().nullable(),
  runtime: GgufRuntimeRecordSchema,
});
export type ModelFacts = z.infer<typeof ModelFactsSchema>;

export const FailureSchema = z.object({
  /** user: one line for the user (a bad file, a context too small); cancelled: stopped by `cancel`; internal: a bug. */
  kind: z.enum(['user', 'cancelled', 'internal']),
  message: z.string(),
});

export const FromRuntimeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), pid: z.number().int() }),
  z.object({ type: z.literal('opened'), id: RequestId, facts: ModelFactsSchema }),
  z.object({ type: z.literal('fileRecord'), id: RequestId, record: z.unknown() }),
  z.object({ type: z.literal('tokenized'), id: RequestId, tokens: TokenIds, bos: z.enum(['template', 'vocabulary', 'none']) }),
  z.object({ type: z.literal('rendered'), id: RequestId, text: z.string().nullable() }),
  z.object({ type: z.literal('measured'), id: RequestId, lengths: z.array(z.number().int().nonnegative()) }),
  z.object({ type: z.literal('scored'), id: RequestId, sequences: z.array(ScoredSequenceSchema) }),
  z.object({ type: z.literal('evaluated'), id: RequestId }),
  z.object({
    type: z.literal('generated'),
    id: RequestId,
    text: z.string(),
    tokens: z.number().int().nonnegative(),
    promptTokens: z.number().int().nonnegative(),
    finishReason: z.enum(['stop', 'length']),
  }),
  z.object({ type: z.literal('disposed'), id: RequestId }),
  z.object({ type: z.literal('failed'), id: RequestId, error: FailureSchema }),
  /** The answer to a message that failed its schema: `id` when the message carried a readable one. */
  z.object({ type: z.literal('invalid'), id: RequestId.nullable(), problem: z.string() }),
]);
export type FromRuntime = z.infer<typeof FromRuntimeSchema>;

/** The answer each request gets when it succeeds. */
export const ANSWER_TYPE = {
  open: 'opened',
  fileRecord: 'fileRecord',
  tokenize: 'tokenized',
  render: 'rendered',
  measure: 'measured',
  score: 'scored',
  scoreTokens: 'scored',
  evaluateOnly: 'evaluated',
  generate: 'generated',
  dispose: 'disposed',
} as const satisfies Record<RuntimeRequest['type'], FromRuntime['type']>;
export type AnswerTo<R extends RuntimeRequest['type']> = Extract<FromRuntime, { type: (typeof ANSWER_TYPE)[R] }>;

/** The id of a message that failed its schema, when it has a usable one (so the sender can fail that request). */
export function readableId(message: unknown): number | null {
  if (message === null || typeof message !== 'object' || !('id' in message)) return null;
  const parsed = RequestId.safeParse(message.id);
  return parsed.success ? parsed.data : null;
}
