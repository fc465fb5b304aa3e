import * as z from 'zod';
import { type BenchmarkBasics } from '../runs/benchmarkBasics';
import { type Grade, GradeSchema } from '../scale/verdictScale';
import type { Basis } from '../runs/decisionBasis';

/**
 * A hallucination category's id. Each benchmark declares its own (its basics' hallucinationCategories):
 * an event naming one its benchmark does not declare is reported as a skipped line (adjudicationLog.ts).
 */
export const HallucinationCategorySchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a category id: lowercase words joined by dashes');
export type HallucinationCategory = z.infer<typeof HallucinationCategorySchema>;

/** A category as menus show it: the label, then what it covers. */
export interface CategoryChoice {
  readonly id: HallucinationCategory;
  readonly label: string;
}

/** The categories a benchmark's items take, in its order, as the flag menu words them. */
export function hallucinationCategoriesFor(benchmark: BenchmarkBasics): CategoryChoice[] {
  return benchmark.hallucinationCategories.map((c) => ({
    id: c.id,
    label: c.description === undefined ? c.label : `${c.label} (${c.description})`,
  }));
}

/** The category ids a benchmark declares. */
export function categoryIdsOf(benchmark: BenchmarkBasics): ReadonlySet<string> {
  return new Set(benchmark.hallucinationCategories.map((c) => c.id));
}

export const RoleSchema = z.enum(['annotator', 'adjudicator']);
export type Role = z.infer<typeof RoleSchema>;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
// The shape is decisionBasis.ts's Basis (what a result line's hashes make); this checks it where events are read.
export const BasisSchema = z.object({ item: Sha256, response: Sha256, judgeReply: Sha256 }) satisfies z.ZodType<Basis>;
export type { Basis };

/**
 * One line of adjudications.jsonl: an annotator's full state for one item (or one of its criteria) at one
 * time. A missing verdict or grade key means no decision (skipped, unsure, or a note alone); undo appends
 * the previous state again, naming the event it takes back (`undoes`). A binary run's decisions are `verdict`s, a graded run's (run.json `scale`
 * ordinal or numeric) `grade`s; events written before scales existed are binary and keep their meaning.
 */
export const AdjudicationEventSchema = z
  .object({
    id: z.uuid(),
    itemId: z.string().min(1),
    annotator: z.string().min(1).max(200),
    role: RoleSchema,
    time: z.iso.datetime(),
    verdict: z.boolean().nullable().optional(),
    /** A graded run's decision: a value on its scale; null: decided "no parsable verdict / no answer". */
    grade: GradeSchema.optional(),
    /** The criterion decided, by its id as the source numbers it (result line `criteria[].id`); absent: the item. */
    criterion: z.string().min(1).max(200).optional(),
    /** The item's flag; a criterion's event holds none (null). */
    hallucination: HallucinationCategorySchema.nullable(),
    note: z.string().max(100_000),
    basis: BasisSchema,
    /** Whether the automatic verdict and scores were hidden when the decision was made. */
    blind: z.boolean().optional(),
    /** The review's undo: the id of the annotator's event this one takes back (its state is the one before that event). */
    undoes: z.uuid().optional(),
  })
  .check((ctx) => {
    const event = ctx.value;
    if (event.verdict !== undefined && event.grade !== undefined) {
      ctx.issues.push({
        code: 'custom',
        message: 'an event holds a verdict (binary run) or a grade (graded run), not both',
        input: event.grade,
        path: ['grade'],
      });
    }
    if (event.criterion !== undefined && event.hallucination !== null) {
      ctx.issues.push({
        code: 'custom',
        message: "a criterion's event holds no flag (the item's event does)",
        input: event.hallucination,
        path: ['hallucination'],
      });
    }
  });
export type AdjudicationEvent = z.infer<typeof AdjudicationEventSchema>;

/** What an annotator holds for an item (or a criterion): the event minus its bookkeeping. */
export interface AnnotatorState {
  /** A binary run's decision; absent: none. */
  readonly verdict?: boolean | null;
  /** A graded run's decision on its scale; absent: none. */
  readonly grade?: Grade;
  readonly hallucination: HallucinationCategory | null;
  readonly note: string;
}

export const EMPTY_STATE: AnnotatorState = { hallucination: null, note: '' };

/** A binary decision (true, false or null). */
export function hasDecision(state: AnnotatorState): state is AnnotatorState & { verdict: boolean | null } {
  return state.verdict !== undefined;
}

/** A graded decision (a grade on the scale, or null). */
export function hasGrade(state: AnnotatorState): state is AnnotatorState & { grade: Grade } {
  return state.grade !== undefined;
}

/** The state an event holds. */
export function stateOf(event: AdjudicationEvent): AnnotatorState {
  return {
    ...(event.verdict !== undefined ? { verdict: event.verdict } : {}),
    ...(event.grade !== undefined ? { grade: event.grade } : {}),
    hallucination: event.hallucination,
    note: event.note,
  };
}
