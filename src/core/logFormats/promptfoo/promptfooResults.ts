import * as z from 'zod';
import { InputError, UserError } from '../../util/errors';
import { parseAt } from '../../util/zodIssues';

/** The results versions this reads: `promptfoo eval -o results.json` writes results.version 3. */
export const KNOWN_RESULTS_VERSIONS = [3] as const;

const ComponentSchema = z.looseObject({
  pass: z.boolean(),
  score: z.number(),
  reason: z.string().optional(),
  assertion: z.looseObject({ type: z.string(), value: z.unknown().optional() }).nullable().optional(),
});

export const PromptfooResultSchema = z.looseObject({
  testIdx: z.number().int().nonnegative(),
  promptIdx: z.number().int().nonnegative(),
  success: z.boolean(),
  score: z.number(),
  error: z.string().nullable().optional(),
  failureReason: z.number().int().optional(),
  prompt: z.looseObject({ raw: z.string(), label: z.string().optional() }),
  provider: z.looseObject({ id: z.string(), label: z.string().optional() }),
  response: z.looseObject({ output: z.unknown().optional(), error: z.string().optional() }).nullable().optional(),
  gradingResult: z
    .looseObject({
      pass: z.boolean(),
      score: z.number(),
      reason: z.string().optional(),
      componentResults: z.array(ComponentSchema).optional(),
      namedScores: z.record(z.string(), z.number()).optional(),
    })
    .nullable()
    .optional(),
  testCase: z
    .looseObject({
      description: z.string().optional(),
      threshold: z.number().optional(),
      assert: z.array(z.looseObject({ type: z.string(), value: z.unknown().optional() })).optional(),
    })
    .optional(),
  vars: z.record(z.string(), z.unknown()).optional(),
  namedScores: z.record(z.string(), z.number()).optional(),
});
export type PromptfooResult = z.infer<typeof PromptfooResultSchema>;

export const PromptfooFileSchema = z.looseObject({
  evalId: z.string().optional(),
  results: z.looseObject({
    version: z.number().int(),
    timestamp: z.string().optional(),
    results: z.array(z.unknown()),
    stats: z.looseObject({ successes: z.number().int(), failures: z.number().int(), errors: z.number().int().optional() }),
    /** Per prompt: metrics.score is the sum of its results' scores (Evaluator adds each result's score as it comes). */
    prompts: z
      .array(
        z.looseObject({
          metrics: z
            .looseObject({ score: z.number(), testPassCount: z.number(), testFailCount: z.number(), testErrorCount: z.number().optional() })
            .optional(),
        }),
      )
      .optional(),
  }),
  config: z.looseObject({ description: z.string().optional() }).optional(),
  metadata: z
    .looseObject({ promptfooVersion: z.string().optional(), evaluationCreatedAt: z.string().optional(), exportedAt: z.string().optional() })
    .optional(),
});
export type PromptfooFile = z.infer<typeof PromptfooFileSchema>;

/** Reads `promptfoo eval -o results.json`; every result is checked before anything is written. */
export function readPromptfooResults(bytes: Uint8Array, file: string): { file: PromptfooFile; results: PromptfooResult[] } {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (error) {
    throw new InputError(
      { file },
      `not valid JSON (${error instanceof Error ? error.message : String(error)}); is it what \`promptfoo eval -o results.json\` wrote?`,
    );
  }
  const results = (json as { results?: unknown } | null)?.results;
  if (results === null || typeof results !== 'object' || Array.isArray(results)) {
    throw new UserError(`${file}: not a promptfoo results file (no "results" object; \`promptfoo eval -o results.json\` writes one)`);
  }
  const version = (results as { version?: unknown }).version;
  if (typeof version !== 'number' || !(KNOWN_RESULTS_VERSIONS as readonly number[]).includes(version)) {
    throw new UserError(
      `${file}: promptfoo results version ${JSON.stringify(version)} is not one this tool reads (${KNOWN_RESULTS_VERSIONS.join(', ')}); export it again with \`promptfoo export\` from a current promptfoo`,
    );
  }
  const parsed = parseAt(PromptfooFileSchema, json, { file });
  return {
    file: parsed,
    results: parsed.results.results.map((value, index) => parseAt(PromptfooResultSchema, value, { file, record: index })),
  };
}
