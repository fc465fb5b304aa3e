import * as z from 'zod';
import { type BenchmarkBasics } from '../basics';
import { KALAHI_CATEGORIES } from './categories';
import { KALAHI_MANIFEST } from './manifest';

const FacetInputs = z.looseObject({ category: z.string().min(1), topic: z.string().min(1) });

export const KALAHI_BASICS: BenchmarkBasics = {
  id: 'kalahi',
  title: 'Kalahi',
  items: 150,
  language: 'fil',
  source: KALAHI_MANIFEST,
  inputsSchema: z.looseObject({ prompt_variation_id: z.string(), prompt: z.string() }),
  automaticRater: 'automatic',
  hallucinationCategories: KALAHI_CATEGORIES,
  errorStages: ['model', 'logprobs', 'metric'],
  facets: {
    names: ['category', 'topic'],
    of: (inputs): Record<string, string> => {
      const parsed = FacetInputs.safeParse(inputs);
      return parsed.success ? { category: parsed.data.category, topic: parsed.data.topic } : {};
    },
  },
};
