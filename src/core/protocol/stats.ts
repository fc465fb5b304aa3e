/**
 * Every message between the extension host and the Statistics webview, as zod schemas with inferred types.
 * The report schema mirrors the part of ValidationReport (src/core/reports/report.ts) the view draws;
 * unknown keys are dropped when parsing. Shared by host and webview, so it imports nothing but zod.
 */
import * as z from 'zod';

const Label = z.enum(['true', 'false', 'null']);
/** A 95% interval [lower, upper]. */
const IntervalSchema = z.tuple([z.number(), z.number()]).readonly();
const Strings = z.array(z.string()).readonly();

export const ConfusionMatrixSchema = z.object({
  labels: Strings,
  rows: z.string(),
  columns: z.string(),
  counts: z.array(z.array(z.number().int().nonnegative()).readonly()).readonly(),
});

export const AgreementStatsSchema = z.object({
  items: z.number().int().nonnegative(),
  percent: z.number().nullable(),
  kappa: z.number().nullable(),
  kappaCI: IntervalSchema.nullable(),
  confusion: ConfusionMatrixSchema,
});
export type AgreementStatsView = z.infer<typeof AgreementStatsSchema>;

const ModelRecordSchema = z.object({
  name: z.string(),
  host: z.string(),
  parameters: z.object({ temperature: z.number().nullable(), topP: z.number().nullable(), maxTokens: z.number().nullable() }),
  servedModel: z.string().nullable(),
  systemFingerprint: z.string().nullable(),
});

export const RunProvenanceSchema = z.object({
  id: z.string(),
  dir: z.string(),
  benchmark: z.string(),
  task: z.string(),
  status: z.string(),
  model: z.string().nullable(),
  modelRecord: ModelRecordSchema.nullable(),
  judgeRecord: ModelRecordSchema.nullable(),
  dataset: z.object({
    name: z.string(),
    repository: z.string(),
    commit: z.string(),
    files: z.array(z.object({ path: z.string(), sha256: z.string(), license: z.string() })).readonly(),
    items: z.number(),
  }),
  toolVersion: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

const StratumSchema = z.object({ stratum: z.string(), population: z.number(), labeled: z.number(), positives: z.number() });

export const EstimateSchema = z.object({
  accuracy: z.number().nullable(),
  ci: IntervalSchema.nullable(),
  method: z.enum(['census', 'wilson', 'stratified-ppi', 'post-stratified-ppi', 'none']),
  target: z.enum(['run-items', 'superpopulation']),
  interval: z.enum(['exact', 'wilson', 'price-bonett']).nullable(),
  confidence: z.number(),
  population: z.number(),
  labeled: z.number(),
  effectiveN: z.number().nullable(),
  strata: z.array(StratumSchema).readonly(),
  notes: Strings,
});

export const InterAnnotatorSchema = z.object({
  kappa: z.number().nullable(),
  kappaCI: IntervalSchema.nullable(),
  method: z.enum(['none', 'cohen-kappa', 'fleiss-kappa', 'krippendorff-alpha-nominal']),
  annotators: Strings,
  items: z.number(),
  pairs: z.array(AgreementStatsSchema.extend({ a: z.string(), b: z.string() })).readonly(),
});

/** A graded run's agreement of two raters on grades (src/core/judgeValidation/gradedAgreement.ts). */
export const GradedAgreementSchema = z.object({
  items: z.number().int().nonnegative(),
  bothGraded: z.number().int().nonnegative(),
  exact: z.number().nullable(),
  weightedKappaLinear: z.number().nullable(),
  weightedKappaLinearCI: IntervalSchema.nullable(),
  weightedKappaQuadratic: z.number().nullable(),
  weightedKappaQuadraticCI: IntervalSchema.nullable(),
  meanDifference: z.number().nullable(),
  meanDifferenceCI: IntervalSchema.nullable(),
  meanAbsoluteDifference: z.number().nullable(),
  confusion: ConfusionMatrixSchema.nullable(),
});
export type GradedAgreementView = z.infer<typeof GradedAgreementSchema>;

const GradedUnitStatisticsSchema = z.object({
  units: z.number().int().nonnegative(),
  judgeHuman: GradedAgreementSchema,
  judgeHumanByFacet: z.record(z.string(), z.array(GradedAgreementSchema.extend({ value: z.string() })).readonly()),
  interAnnotator: z.object({
    annotators: Strings,
    items: z.number(),
    alphaOrdinal: z.number().nullable(),
    alphaInterval: z.number().nullable(),
  }),
});
export type GradedUnitStatisticsView = z.infer<typeof GradedUnitStatisticsSchema>;

const LevelSchema = z.object({ name: z.string(), value: z.number(), label: z.string().optional() });

/** ValidationReport `graded` (src/core/judgeValidation/gradedValidation.ts): present on a graded run only. */
export const GradedValidationSchema = z.object({
  scale: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('ordinal'), levels: z.array(LevelSchema).readonly() }),
    z.object({ kind: z.literal('numeric'), min: z.number(), max: z.number(), passAt: z.number().optional() }),
  ]),
  items: GradedUnitStatisticsSchema.extend({
    estimateOfMean: z.object({
      mean: z.number().nullable(),
      ci: IntervalSchema.nullable(),
      method: z.enum(['census', 'post-stratified-ppi', 'none']),
      interval: z.enum(['exact', 'normal', 'price-bonett-levels']).nullable(),
      target: z.enum(['run-items', 'superpopulation']),
      confidence: z.number(),
      population: z.number(),
      labeled: z.number(),
      effectiveN: z.number().nullable(),
      judgeMean: z.number().nullable(),
      nulls: z.object({ judge: z.number(), human: z.number(), withoutResult: z.number() }),
      strata: z
        .array(z.object({ stratum: z.string(), population: z.number(), labeled: z.number(), humanMean: z.number().nullable() }))
        .readonly(),
      notes: Strings,
    }),
  }),
  criteria: GradedUnitStatisticsSchema.nullable(),
});
export type GradedValidationView = z.infer<typeof GradedValidationSchema>;

export const StatsReportSchema = z.object({
  formatVersion: z.literal(1),
  generatedAt: z.string(),
  toolVersion: z.string(),
  run: RunProvenanceSchema,
  items: z.number().int().nonnegative(),
  automatic: z.object({
    accuracy: z.number(),
    accuracyExcludingNull: z.number().nullable(),
    counts: z.object({ true: z.number(), false: z.number(), null: z.number(), missing: z.number(), error: z.number() }),
    ci: IntervalSchema.nullable(),
  }),
  adjudicated: z.object({
    accuracy: z.number(),
    items: z.number(),
    /** Items with a human verdict (the review header's and the Runs view's count); `items` have a final one. */
    reviewed: z.number(),
    overrides: z.record(z.string(), z.number()),
    flagged: z.number(),
    flaggedByCategory: z.record(z.string(), z.number().optional()),
    stale: z.number(),
    conflicts: z.number(),
    annotators: Strings,
    estimate: EstimateSchema,
  }),
  agreement: z.object({
    judgeHuman: AgreementStatsSchema.extend({ excluded: z.number() }),
    judgeHumanByFacet: z.record(z.string(), z.array(AgreementStatsSchema.extend({ value: z.string() })).readonly()),
    judgePerAnnotator: z.array(AgreementStatsSchema.extend({ annotator: z.string() })).readonly(),
    interAnnotator: InterAnnotatorSchema,
    sourceJudge: z
      .object({
        sourceRunId: z.string(),
        sourceJudge: z.string().nullable(),
        judge: z.string().nullable(),
        judges: AgreementStatsSchema,
        judgeVersusSourceHumans: AgreementStatsSchema,
      })
      .nullable(),
  }),
  metricsVersusHuman: z.array(AgreementStatsSchema.extend({ metric: z.string() })).readonly(),
  conflicts: z.array(z.object({ itemId: z.string(), automatic: z.string(), verdicts: z.record(z.string(), Label) })).readonly(),
  stability: z
    .object({ items: z.number(), flipped: z.number(), flipRate: z.number().nullable(), k: z.number(), flippedItems: Strings })
    .nullable(),
  sample: z.object({ id: z.string(), seed: z.number(), n: z.number(), drawn: z.number(), decided: z.number() }).nullable(),
  graded: GradedValidationSchema.optional(),
  methods: z.array(z.object({ topic: z.string(), text: z.string() })).readonly(),
  problems: z.array(z.object({ line: z.number(), message: z.string() })).readonly(),
});
export type StatsReport = z.infer<typeof StatsReportSchema>;

/** The report while blind review is on: only what needs no automatic verdict, and what is hidden (core/judgeValidation/blindReport.ts). */
export const BlindStatsReportSchema = z.object({
  formatVersion: z.literal(1),
  blind: z.literal(true),
  hidden: Strings,
  generatedAt: z.string(),
  toolVersion: z.string(),
  run: RunProvenanceSchema,
  items: z.number().int().nonnegative(),
  review: z.object({
    reviewed: z.number(),
    decided: z.number(),
    flagged: z.number(),
    flaggedByCategory: z.record(z.string(), z.number().optional()),
    stale: z.number(),
    annotators: Strings,
    conflicts: z.array(z.object({ itemId: z.string(), verdicts: z.record(z.string(), Label) })).readonly(),
  }),
  interAnnotator: InterAnnotatorSchema,
  sample: z.object({ id: z.string(), seed: z.number(), n: z.number(), drawn: z.number(), decided: z.number() }).nullable(),
  problems: z.array(z.object({ line: z.number(), message: z.string() })).readonly(),
});
export type BlindStatsReport = z.infer<typeof BlindStatsReportSchema>;

export const ExportFormatSchema = z.enum(['md', 'json', 'html']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/**
 * How the Statistics view names the run's parts, its benchmark's own words, decided on the host
 * (src/core/review/viewDescriptor.ts) so that the page never branches on the benchmark.
 */
export const StatsViewSchema = z.object({
  /** Who gives the automatic verdict: an LLM judge (or its published verdicts), or a similarity metric's acc. */
  automatic: z.enum(['judge', 'metric']),
  /** Facet names as headings say them, by facet id. */
  facetTitles: z.record(z.string(), z.string()),
  /** The page's title: what it validates ("Judge validation", "Metric validation"). */
  title: z.string(),
  /** The benchmark's hallucination categories in its flag menu's order, with their chart labels. */
  categories: z.array(z.object({ id: z.string(), label: z.string() })).readonly(),
  /** How re-asking the automatic rater is named; null: its verdicts are not re-asked (no stability card). */
  stability: z.object({ title: z.string(), howToMeasure: z.string() }).nullable(),
});
export type StatsView = z.infer<typeof StatsViewSchema>;

/** Host → webview. */
export const StatsHostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('statistics'), report: StatsReportSchema, view: StatsViewSchema.optional(), runDir: z.string().min(1) }),
  /** Blind review is on in the window: the report without any figure that needs an automatic verdict. */
  z.object({
    type: z.literal('blindStatistics'),
    report: BlindStatsReportSchema,
    view: StatsViewSchema.optional(),
    runDir: z.string().min(1),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type StatsHostMessage = z.infer<typeof StatsHostMessageSchema>;

/** Webview → host. */
export const StatsWebviewMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('refresh') }),
  z.object({ type: z.literal('export'), format: ExportFormatSchema }),
]);
export type StatsWebviewMessage = z.infer<typeof StatsWebviewMessageSchema>;

/** What the Statistics webview persists (getState/setState): the run it shows, so the serializer can reopen it. */
export const StatsPanelStateSchema = z.object({ runDir: z.string().min(1) });
export type StatsPanelState = z.infer<typeof StatsPanelStateSchema>;
