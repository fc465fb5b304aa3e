import * as z from 'zod';
import { type BenchmarkBasics } from '../../runs/benchmarkBasics';
import { YOKAIEVAL_CATEGORIES } from './categories';
import { YOKAIEVAL_MANIFEST } from './manifest';
import { REGION_ORDER, normalizeRegion } from './region';

export const YOKAIEVAL_BASICS: BenchmarkBasics = {
  id: 'yokaieval',
  title: 'YokaiEval',
  items: 810,
  language: 'ja',
  source: YOKAIEVAL_MANIFEST,
  inputsSchema: z.looseObject({ question: z.string(), choices: z.array(z.string()), answer: z.string() }),
  verdictBy: 'judge',
  hallucinationCategories: YOKAIEVAL_CATEGORIES,
  errorStages: ['model', 'judge'],
  facets: [
    { id: 'type', label: 'Question type' },
    // The raw region is messy: facets use the normalized one.
    {
      id: 'region',
      label: 'Region',
      order: REGION_ORDER,
      read: (inputs) => (typeof inputs['region'] === 'string' ? normalizeRegion(inputs['region']) : undefined),
    },
  ],
};
