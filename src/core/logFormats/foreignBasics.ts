import { type BenchmarkBasics, type BenchmarkFacet, type HallucinationCategoryDefinition } from '../runs/benchmarkBasics';
import { ForeignInputsSchema, shownValue } from './foreignInputs';

/** The list's facets: the verdict score's value as the log writes it, and the epoch. */
const FOREIGN_FACETS: readonly BenchmarkFacet[] = [
  {
    id: 'value',
    label: 'Score value',
    read: (inputs) => {
      const parsed = ForeignInputsSchema.safeParse(inputs);
      if (!parsed.success) return undefined;
      const verdict = parsed.data.scores.find((s) => s.name === parsed.data.verdictScore);
      return verdict === undefined ? 'none' : shownValue(verdict.value);
    },
  },
  {
    id: 'epoch',
    label: 'Epoch',
    read: (inputs) => {
      const parsed = ForeignInputsSchema.safeParse(inputs);
      return !parsed.success || parsed.data.epoch === null ? undefined : String(parsed.data.epoch);
    },
  },
];

/** What an annotator flags in an imported log's sample: the output, the item itself, or its grading. */
export const FOREIGN_LOG_CATEGORIES: readonly HallucinationCategoryDefinition[] = [
  { id: 'invented-fact', label: 'Invented fact', description: 'the output states something that does not exist or is false' },
  { id: 'target-wrong', label: 'Target is wrong', description: "the log's target or expected answer is itself wrong" },
  { id: 'scorer-misgraded', label: 'Scorer misgraded', description: 'the score does not follow from the output (parsing or grading)' },
  { id: 'ambiguous-item', label: 'Ambiguous item', description: 'the input admits more than one right answer' },
  { id: 'other', label: 'Other' },
];

/** The basics of a log format: its items are the log's samples, in English unless the log says otherwise. */
export function foreignBasics(id: string, title: string, errorStages: readonly string[]): BenchmarkBasics {
  return {
    id,
    title,
    items: 0,
    language: 'en',
    source: null,
    inputsSchema: ForeignInputsSchema,
    facets: FOREIGN_FACETS,
    hallucinationCategories: FOREIGN_LOG_CATEGORIES,
    errorStages,
    verdictBy: 'metric',
  };
}
