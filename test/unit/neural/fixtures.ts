import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';

export const NEURAL_FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'neural');
export const TINY_ENCODER = join(NEURAL_FIXTURES, 'tiny-encoder');
export const TINY_BLEURT = join(NEURAL_FIXTURES, 'tiny-bleurt');
export const BASELINE_FILE = join(NEURAL_FIXTURES, 'baseline.tsv');

const Prf = z.object({ P: z.number(), R: z.number(), F: z.number() });
const ExpectedSchema = z.object({
  maxLength: z.number(),
  cases: z.array(
    z.object({
      hypothesis: z.string(),
      references: z.array(
        z.object({
          reference: z.string(),
          hypothesisTokens: z.number(),
          referenceTokens: z.number(),
          layer1: Prf,
          layer2: Prf,
          layer2Idf: z.number(),
          layer2Rescaled: z.number(),
          bleurt: z.object({ score: z.number(), tokens: z.number(), truncated: z.boolean() }),
        }),
      ),
    }),
  ),
});
export type ExpectedValues = z.infer<typeof ExpectedSchema>;

/** The values computed by scripts/neural-fixtures/make_tiny_models.py with torch, independently of the code under test. */
export function expectedValues(): ExpectedValues {
  return ExpectedSchema.parse(JSON.parse(readFileSync(join(NEURAL_FIXTURES, 'expected.json'), 'utf8')));
}

export const TOLERANCE = 1e-4;
