import * as z from 'zod';
import { type BenchmarkBasics } from '../basics';
import { YOKAIEVAL_CATEGORIES } from './categories';
import { YOKAIEVAL_MANIFEST } from './manifest';
import { normalizeRegion } from './region';

const FacetInputs = z.looseObject({ type: z.string().min(1), region: z.string() });

export const YOKAIEVAL_BASICS: BenchmarkBasics = {
  id: 'yokaieval',
  title: 'YokaiEval',
  items: 810,
  language: 'ja',
  source: YOKAIEVAL_MANIFEST,
  inputsSchema: z.looseObject({ question: z.string(), choices: z.array(z.string()), answer: z.string() }),
  automaticRater: 'judge',
  hallucinationCategories: YOKAIEVAL_CATEGORIES,
  errorStages: ['model', 'judge'],
  facets: {
    names: ['type', 'region'],
    // The raw region is messy: facets use the normalized one.
    of: (inputs): Record<string, string> => {
      const parsed = FacetInputs.safeParse(inputs);
      return parsed.success ? { type: parsed.data.type, region: normalizeRegion(parsed.data.region) } : {};
    },
  },
};
