import * as z from 'zod';
import { type BenchmarkBasics, type HallucinationCategoryDefinition } from '../../runs/benchmarkBasics';
import { ForeignInputsSchema } from '../foreignInputs';

/**
 * A SEA-HELM criteria-task item's inputs: the foreign-log fields (the conversation the model saw, the
 * reference as target, the item's score) and the situation, category and the model's error as SEA-HELM has them.
 */
export const SeahelmInputsSchema = ForeignInputsSchema.extend({
  /** prompts[0].text: the situation the task's template wraps (other prompt fields as JSON when it has none). */
  situation: z.string(),
  /** metadata.category, SEA-HELM's per-category average. */
  category: z.string(),
  /** The model's generation error as the inference file records it (its answer is then ""); null: none. */
  modelError: z.string().nullable(),
  /** Criteria the judge gave no known classification (SEA-HELM counts each 0.0). */
  unparsable: z.number().int().nonnegative(),
});
export type SeahelmInputs = z.infer<typeof SeahelmInputsSchema>;

/** What an annotator flags in a criteria-judged answer: the answer, the item, or its judging. */
const SEAHELM_CATEGORIES: readonly HallucinationCategoryDefinition[] = [
  { id: 'invented-fact', label: 'Invented fact', description: 'the answer states a custom, law or fact that does not exist or is false' },
  {
    id: 'wrong-cultural-practice',
    label: 'Wrong cultural practice',
    description: 'a real practice described wrongly or placed in the wrong culture',
  },
  { id: 'criterion-wrong', label: 'Criterion is wrong', description: "the item's criterion or reference is itself wrong" },
  { id: 'judge-misgraded', label: 'Judge misgraded', description: "the judge's classification does not follow from the answer" },
  { id: 'other', label: 'Other' },
];

export const SEAHELM_BASICS: BenchmarkBasics = {
  id: 'seahelm',
  title: 'SEA-HELM criteria judge',
  items: 0,
  language: 'mul',
  source: null,
  inputsSchema: SeahelmInputsSchema,
  facets: [
    { id: 'category', label: 'Category' },
    {
      id: 'judging',
      label: 'Judge replies',
      read: (inputs) =>
        typeof inputs['unparsable'] !== 'number' ? undefined : inputs['unparsable'] === 0 ? 'all classified' : 'some unparsable',
    },
  ],
  hallucinationCategories: SEAHELM_CATEGORIES,
  errorStages: [],
  verdictBy: 'judge',
};
