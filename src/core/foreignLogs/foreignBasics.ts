import { type BenchmarkBasics } from '../benchmarks/basics';
import { ForeignInputsSchema, shownValue } from './foreignInputs';

/** The list's facets: the verdict score's value as the log writes it, and the epoch. */
export function foreignFacets(inputs: unknown): Record<string, string> {
  const parsed = ForeignInputsSchema.safeParse(inputs);
  if (!parsed.success) return {};
  const verdict = parsed.data.scores.find((s) => s.name === parsed.data.verdictScore);
  return { value: verdict === undefined ? 'none' : shownValue(verdict.value), ...(parsed.data.epoch === null ? {} : { epoch: String(parsed.data.epoch) }) };
}

/** The basics of a log format: its items are the log's samples, in English unless the log says otherwise. */
export function foreignBasics(id: string, title: string): BenchmarkBasics {
  return {
    id,
    title,
    items: 0,
    language: 'en',
    source: null,
    inputsSchema: ForeignInputsSchema,
    facets: { names: ['value', 'epoch'], of: foreignFacets },
    hallucinationCategories: ['invented-entity', 'wrong-region-or-period', 'cross-cultural-conflation', 'other'],
    automaticRater: 'scorer',
  };
}
