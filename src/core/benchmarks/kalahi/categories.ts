import { type HallucinationCategoryDefinition } from '../../runs/benchmarkBasics';

/** What an annotator flags in a Kalahi answer, numbered in the flag menu as the guidelines number them. */
export const KALAHI_CATEGORIES: readonly HallucinationCategoryDefinition[] = [
  { id: 'invented-entity', label: 'Invented entity', description: 'an agency, law, custom, saint or festival that does not exist' },
  { id: 'wrong-region-or-period', label: 'Wrong region or period', description: 'a real practice placed in the wrong place or time' },
  { id: 'cross-cultural-conflation', label: 'Cross-cultural conflation', description: 'another culture’s practice presented as Filipino' },
  { id: 'wrong-filipino-practice', label: 'Wrong Filipino practice', description: 'a Filipino custom described wrongly' },
  { id: 'code-switching-translation', label: 'Code-switching / translation', description: 'meaning lost in translation, a calque' },
  { id: 'other', label: 'Other', description: 'another cultural hallucination' },
];
