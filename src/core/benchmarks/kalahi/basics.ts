import * as z from 'zod';
import { type BenchmarkBasics } from '../../runs/benchmarkBasics';
import { KALAHI_CATEGORIES } from './categories';
import { KALAHI_MANIFEST } from './manifest';

export const KALAHI_BASICS: BenchmarkBasics = {
  id: 'kalahi',
  title: 'Kalahi',
  items: 150,
  language: 'fil',
  source: KALAHI_MANIFEST,
  inputsSchema: z.looseObject({ prompt_variation_id: z.string(), prompt: z.string() }),
  verdictBy: 'metric',
  hallucinationCategories: KALAHI_CATEGORIES,
  errorStages: ['model', 'logprobs', 'metric'],
  facets: [
    { id: 'category', label: 'Category' },
    { id: 'topic', label: 'Topic' },
  ],
};
