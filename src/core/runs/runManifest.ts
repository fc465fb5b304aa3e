import * as z from 'zod';
import { ProviderSchema } from '../model/endpoint';
import { BenchmarkIdSchema } from './benchmarkBasics';
import { UsageSchema } from './resultLine';
import { VerdictScaleSchema } from '../scale/verdictScale';
import { CriteriaAggregationSchema } from '../scale/criteria';

export const RUN_FORMAT_VERSION = 1;

export const ModelRecordSchema = z.object({
  provider: ProviderSchema,
  name: z.string(),
  /** Host of the base URL or Azure endpoint only: no path, query or credentials. */
  host: z.string(),
  baseUrl: z.string(),
  deployment: z.string().optional(),
  apiVersion: z.string().optional(),
  /** The name of the environment variable the key came from (never the key). */
  apiKeyEnv: z.string().nullable(),
  parameters: z.object({
    systemPrompt: z.string().nullable(),
    temperature: z.number().nullable(),
    topP: z.number().nullable(),
    maxTokens: z.number().int().nullable(),
  }),
  /** As the server reported them. */
  servedModel: z.string().nullable(),
  systemFingerprint: z.string().nullable(),
});
export type ModelRecord = z.infer<typeof ModelRecordSchema>;

export const DatasetFileRecordSchema = z.object({
  key: z.string(),
  path: z.string(),
  sha256: z.string(),
  license: z.string(),
  origin: z.enum(['local', 'cache', 'download', 'import']),
});

export const CountsSchema = z.object({
  items: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  error: z.number().int().nonnegative(),
  missing: z.number().int().nonnegative(),
});

/**
 * A run's item ids, checked in one loop: a zod schema per element costs more than the JSON.parse of a
 * 100 000-item run.json. A bad element is reported at its index, as z.array(z.string()) would.
 */
const ItemIdsSchema = z.custom<string[]>(Array.isArray, 'expected an array of item ids').check((ctx) => {
  const bad = ctx.value.findIndex((id) => typeof id !== 'string');
  if (bad !== -1)
    ctx.issues.push({
      code: 'custom',
      message: `expected a string, received ${typeof ctx.value[bad]}`,
      input: ctx.value[bad],
      path: [bad],
    });
});

export const RunManifestSchema = z.looseObject({
  formatVersion: z.literal(RUN_FORMAT_VERSION),
  id: z.string().min(1),
  benchmark: BenchmarkIdSchema,
  task: z.string(),
  /** 'error': the run stopped on an error that ends it as a whole (see stoppedBy). */
  status: z.enum(['running', 'finished', 'cancelled', 'imported', 'error']),
  dataset: z.object({
    name: z.string(),
    repository: z.string(),
    commit: z.string(),
    variant: z.string().optional(),
    files: z.array(DatasetFileRecordSchema),
    /** Items in the dataset, and the ids this run covers (the first N when limited). */
    datasetItems: z.number().int().nonnegative(),
    itemIds: ItemIdsSchema,
  }),
  model: ModelRecordSchema.nullable(),
  judge: ModelRecordSchema.nullable(),
  /** Benchmark settings: preset, wording, prompt template hashes, primary metric… */
  settings: z.record(z.string(), z.unknown()),
  options: z.object({
    concurrency: z.number().int().positive(),
    cache: z.boolean(),
    limit: z.number().int().positive().nullable(),
  }),
  toolVersion: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: CountsSchema,
  usage: UsageSchema.extend({ requests: z.number().int().nonnegative() }),
  importedFrom: z.object({ file: z.string(), sha256: z.string() }).optional(),
  /** Why a run with status 'error' stopped (an endpoint never reached, a key refused…), and when. */
  stoppedBy: z.object({ message: z.string(), time: z.string() }).optional(),
  /** The scale its verdicts are given on (absent: binary, as every run written before scales existed). */
  scale: VerdictScaleSchema.optional(),
  /** How an item's grade follows from its criteria's, for runs whose items carry criteria. */
  criteriaAggregation: CriteriaAggregationSchema.optional(),
});
export type RunManifest = z.infer<typeof RunManifestSchema>;
