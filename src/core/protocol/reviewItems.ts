/**
 * What the review shows of a run and its items, as zod schemas with inferred types: the item list's rows, the
 * header's figures, an item's detail (choices, references or texts) and how the page shows the run. Part of the
 * review protocol (review.ts); imports nothing but zod and the zod-only schemas of scales and decisions.
 */
import * as z from 'zod';
import { GradeSchema, VerdictScaleSchema } from '../scale/verdictScale';
import {
  AnnotatorViewSchema,
  CategoryIdSchema,
  CriterionViewSchema,
  DecisionSchema,
  FinalGradeSchema,
  RowGradesSchema,
} from './reviewDecisions';

/** What the automatic pipeline said: a verdict, or why there is none. */
export const AutoOutcomeSchema = z.enum(['true', 'false', 'null', 'error', 'missing']);
export type AutoOutcome = z.infer<typeof AutoOutcomeSchema>;

/** One row of the item list: enough to filter, count and draw it; details come on request. */
export const ItemRowSchema = z.object({
  id: z.string(),
  /** Position in the dataset order of the run. */
  index: z.number().int().nonnegative(),
  label: z.string(),
  auto: AutoOutcomeSchema,
  /** The final human verdict, or 'none'. */
  human: z.enum(['true', 'false', 'null', 'none']),
  /** This annotator's own state on the item ('none': nothing recorded, 'skipped': a flag or note without a verdict). */
  mine: z.enum(['true', 'false', 'null', 'skipped', 'none']),
  flagged: z.boolean(),
  stale: z.boolean(),
  conflict: z.boolean(),
  /** Reviewed by anyone: a verdict, a flag or a note in a current state (src/core/adjudication/reviewed.ts). */
  reviewed: z.boolean(),
  /** The final human verdict differs from the automatic one. */
  disagreement: z.boolean(),
  /** Facets for filters (the benchmark's, e.g. a question's type and region). */
  facets: z.record(z.string(), z.string()),
  /** False for items that take flags and notes only (multiple choice scored by log-probs); absent means true. */
  decidable: z.boolean().optional(),
  /** Score margin for sorting: the primary metric's diff, else the MC margin; null when none. */
  margin: z.number().nullable().optional(),
  /** Time of the latest adjudication event on the item (ISO-8601), null when none. */
  lastChange: z.string().nullable().optional(),
  /** The item's searchable text: question, choices, answers, references, notes (the label when absent). */
  search: z.string().optional(),
  /** Open-ended answers scored by metrics: each metric's acc, for the metric-vs-human facet. */
  metricAcc: z.record(z.string(), z.boolean()).optional(),
  /**
   * A graded run's grades: the judge's (null: none parsable), the final human one and this annotator's own
   * (absent: none). Its `auto`, `human` and `mine` then say only whether there is one ('null' / 'none').
   */
  grades: RowGradesSchema.optional(),
});
export type ItemRow = z.infer<typeof ItemRowSchema>;

export const ScoreHeaderSchema = z.object({
  items: z.number().int().nonnegative(),
  automaticAccuracy: z.number(),
  adjudicatedAccuracy: z.number(),
  /** Items with a final human verdict. */
  adjudicatedItems: z.number().int().nonnegative(),
  /** Items reviewed: a verdict, a flag or a note in a current state (src/core/adjudication/reviewed.ts). */
  reviewedItems: z.number().int().nonnegative(),
  conflicts: z.number().int().nonnegative(),
  stale: z.number().int().nonnegative(),
  flagged: z.number().int().nonnegative(),
  /** Multiple choice by log-probs: mean MC1 and MC2 over the items scored (such items have no verdict to adjudicate). */
  mc: z.object({ mc1: z.number().nullable(), mc2: z.number().nullable(), scored: z.number().int().nonnegative() }).optional(),
  /** Whether items carry an automatic verdict (false for an MC-only run). */
  verdicts: z.boolean().optional(),
});
export type ScoreHeader = z.infer<typeof ScoreHeaderSchema>;

export const RunHeaderSchema = z.object({
  runDir: z.string(),
  runId: z.string(),
  /** A registered benchmark's id (the page shows what the host's view descriptor says, never branching on it). */
  benchmark: z.string().min(1),
  task: z.string(),
  model: z.string(),
  judge: z.string().nullable(),
  status: z.string(),
  /** Metric-scored runs: the metrics scored and the one whose acc is the automatic verdict. */
  metrics: z.array(z.string()).optional(),
  primaryMetric: z.string().nullable().optional(),
});
export type RunHeader = z.infer<typeof RunHeaderSchema>;

const ItemErrorSchema = z.object({ stage: z.string(), kind: z.string(), message: z.string() });

const DetailCommon = {
  id: z.string(),
  auto: AutoOutcomeSchema,
  error: ItemErrorSchema.nullable(),
  /** Every annotator's current state, the stale ones marked. */
  annotators: z.array(AnnotatorViewSchema),
  /** This annotator's current state, if any. */
  mine: DecisionSchema.nullable(),
  final: z.object({ verdict: z.boolean().nullable(), source: z.enum(['adjudicator', 'agreement']), by: z.array(z.string()) }).nullable(),
  conflict: z.boolean(),
  canUndo: z.boolean(),
  /** A graded run: the judge's grade of the item and the final human one (absent: none). */
  grade: z.object({ auto: GradeSchema, final: FinalGradeSchema.nullable() }).optional(),
  /** The item's criteria, each with the judge's grade and reasoning and every annotator's (criteria runs only). */
  criteria: z.array(CriterionViewSchema).optional(),
};

/** A question with choices and the gold answer, the model's response and the judge's reply. */
export const ChoicesDetailSchema = z.object({
  kind: z.literal('choices'),
  ...DetailCommon,
  question: z.string(),
  choices: z.array(z.string()),
  gold: z.string(),
  /** The user message the model saw (question and choices in the run's wording). */
  prompt: z.string(),
  systemPrompt: z.string().nullable(),
  response: z.string().nullable(),
  refusal: z.string().nullable(),
  judgeReply: z.string().nullable(),
  type: z.string(),
  region: z.string(),
  regionNormalized: z.string(),
  url: z.string(),
  refsDetail: z.array(z.string().nullable()),
  /** An English gloss of the question (the benchmark's review aid), when the data is available. */
  gloss: z.string().nullable().optional(),
  /** The judge prompt as sent for this item. */
  judgePrompt: z.string().nullable().optional(),
});

/** Any other item: its texts, shown as they are. */
export const TextsDetailSchema = z.object({
  kind: z.literal('texts'),
  ...DetailCommon,
  /** automatic: the field shows what the judge said (its grades, reasoning, replies); blind review hides it. */
  fields: z.array(z.object({ label: z.string(), text: z.string(), automatic: z.boolean().optional() })),
  response: z.string().nullable(),
});

const ReferenceMetricSchema = z.object({
  name: z.string(),
  relevant: z.array(z.number()),
  irrelevant: z.array(z.number()),
  maxRelevant: z.number(),
  maxIrrelevant: z.number(),
  diff: z.number(),
  acc: z.boolean(),
});
export type ReferenceMetricView = z.infer<typeof ReferenceMetricSchema>;

const McScoreSchema = z.object({ score: z.number(), logprob: z.number(), bytes: z.number(), tokens: z.number() });

/** A prompt with relevant and irrelevant references, and the parts of the tasks that ran (open-ended answer, MC log-probs). */
export const ReferencesDetailSchema = z.object({
  kind: z.literal('references'),
  ...DetailCommon,
  /** False for MC-only items: flags and notes, no verdict. */
  decidable: z.boolean(),
  promptId: z.string(),
  category: z.string(),
  topic: z.string(),
  prompt: z.string(),
  systemPrompt: z.string().nullable(),
  references: z.object({ relevant: z.array(z.string()), irrelevant: z.array(z.string()), bestIndex: z.number().int().nonnegative() }),
  open: z
    .object({
      answer: z.string(),
      empty: z.boolean(),
      finishReason: z.string().nullable(),
      refusal: z.string().nullable(),
      primaryMetric: z.string(),
      metrics: z.array(ReferenceMetricSchema),
    })
    .nullable(),
  mc: z
    .object({
      backend: z.string(),
      mc2Mode: z.string(),
      mc1: z.number(),
      mc2: z.number(),
      relevant: z.array(McScoreSchema),
      irrelevant: z.array(McScoreSchema),
    })
    .nullable(),
});
export type ReferencesDetail = z.infer<typeof ReferencesDetailSchema>;

export const ItemDetailSchema = z.discriminatedUnion('kind', [ChoicesDetailSchema, ReferencesDetailSchema, TextsDetailSchema]);
export type ItemDetail = z.infer<typeof ItemDetailSchema>;

/** A data facet of the item list (ItemRow.facets[id]); `order`: values in this order first, others after, alphabetically. */
export const FacetDefinitionSchema = z.object({ id: z.string(), label: z.string(), order: z.array(z.string()).optional() });
export type FacetDefinition = z.infer<typeof FacetDefinitionSchema>;

/**
 * How the review shows a run, decided on the host (src/core/review/viewDescriptor.ts) so that the page never
 * branches on the benchmark: the header's title (and whether it names the task), the items' language (BCP 47),
 * who gives the automatic verdict (an LLM judge, or a similarity metric's acc), the data facets in order.
 */
/** metricVerdict: how the header says the run's primary metric gives the verdict, `{metric}` its name; absent: no metric does. */
/** scale: the run's verdict scale (absent: binary), which the decision bar offers. */
export const ReviewViewSchema = z.object({
  title: z.string(),
  showTask: z.boolean(),
  language: z.string(),
  automatic: z.enum(['judge', 'metric']),
  facets: z.array(FacetDefinitionSchema),
  metricVerdict: z.string().optional(),
  scale: VerdictScaleSchema.optional(),
});
export type ReviewView = z.infer<typeof ReviewViewSchema>;

export const CategorySchema = z.object({ id: CategoryIdSchema, label: z.string() });
