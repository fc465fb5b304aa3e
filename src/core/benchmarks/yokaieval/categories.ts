import { type HallucinationCategoryDefinition } from '../../runs/benchmarkBasics';

/** What an annotator flags in a YokaiEval answer: folklore that is invented, misplaced or borrowed. */
export const YOKAIEVAL_CATEGORIES: readonly HallucinationCategoryDefinition[] = [
  { id: 'invented-entity', label: 'Invented entity', description: 'a yokai, place, person or text that does not exist' },
  { id: 'wrong-region-or-period', label: 'Wrong region or period' },
  { id: 'cross-cultural-conflation', label: 'Cross-cultural conflation', description: 'another culture’s lore or practice' },
  { id: 'other', label: 'Other', description: 'another cultural hallucination' },
];
