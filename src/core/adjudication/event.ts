import * as z from 'zod';
import { benchmarkBasicsOf } from '../benchmarks/registryBasics';

export const HALLUCINATION_CATEGORIES = [
  'invented-entity',
  'wrong-region-or-period',
  'cross-cultural-conflation',
  'wrong-filipino-practice',
  'code-switching-translation',
  'other',
] as const;
export const HallucinationCategorySchema = z.enum(HALLUCINATION_CATEGORIES);
export type HallucinationCategory = z.infer<typeof HallucinationCategorySchema>;

export const HALLUCINATION_LABELS: Readonly<Record<HallucinationCategory, string>> = {
  'invented-entity': 'Invented entity (a yokai, place, person or text that does not exist)',
  'wrong-region-or-period': 'Wrong region or period',
  'cross-cultural-conflation': 'Cross-cultural conflation (another culture’s lore or practice)',
  'wrong-filipino-practice': 'Wrong Filipino practice or custom',
  'code-switching-translation': 'Code-switching or translation error',
  other: 'Other cultural hallucination',
};

/** The categories (with labels, in the one list's order) that apply to a benchmark's items (its basics say which). */
export function hallucinationCategoriesFor(benchmark: string): { id: HallucinationCategory; label: string }[] {
  const applicable = benchmarkBasicsOf(benchmark).hallucinationCategories;
  return HALLUCINATION_CATEGORIES.filter((id) => applicable.includes(id)).map((id) => ({ id, label: HALLUCINATION_LABELS[id] }));
}

export const RoleSchema = z.enum(['annotator', 'adjudicator']);
export type Role = z.infer<typeof RoleSchema>;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
export const BasisSchema = z.object({ item: Sha256, response: Sha256, judgeReply: Sha256 });
export type Basis = z.infer<typeof BasisSchema>;

/**
 * One line of adjudications.jsonl: an annotator's full state for one item at one time. A missing verdict
 * key means no decision (skipped, unsure, or a note alone); undo appends the previous state again.
 */
export const AdjudicationEventSchema = z.object({
  id: z.uuid(),
  itemId: z.string().min(1),
  annotator: z.string().min(1).max(200),
  role: RoleSchema,
  time: z.iso.datetime(),
  verdict: z.boolean().nullable().optional(),
  hallucination: HallucinationCategorySchema.nullable(),
  note: z.string().max(100_000),
  basis: BasisSchema,
  /** Whether the automatic verdict and scores were hidden when the decision was made. */
  blind: z.boolean().optional(),
});
export type AdjudicationEvent = z.infer<typeof AdjudicationEventSchema>;

/** What an annotator holds for an item: the event minus its bookkeeping. */
export interface AnnotatorState {
  readonly verdict?: boolean | null;
  readonly hallucination: HallucinationCategory | null;
  readonly note: string;
}

export const EMPTY_STATE: AnnotatorState = { hallucination: null, note: '' };

export function hasDecision(state: AnnotatorState): state is AnnotatorState & { verdict: boolean | null } {
  return state.verdict !== undefined;
}
