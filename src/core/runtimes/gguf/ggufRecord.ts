import * as z from 'zod';

/** What run.json records about a GGUF model file: its identity and the metadata that matters, never its folder. */
export const GgufFileRecordSchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  architecture: z.string(),
  /** general.name. */
  modelName: z.string().nullable(),
  /** general.file_type as llama.cpp names it (Q4_K_M, F16…). */
  fileType: z.string().nullable(),
  contextLength: z.number().nullable(),
  vocabularySize: z.number().int().nonnegative(),
  chatTemplateSha256: z.string().nullable(),
  bosToken: z.string().nullable(),
  eosToken: z.string().nullable(),
  addBosToken: z.boolean().nullable(),
});
export type GgufFileRecord = z.infer<typeof GgufFileRecordSchema>;

/** llama.cpp's llama_ftype names, by number. */
const FILE_TYPES: Readonly<Record<number, string>> = {
  0: 'F32',
  1: 'F16',
  2: 'Q4_0',
  3: 'Q4_1',
  7: 'Q8_0',
  8: 'Q5_0',
  9: 'Q5_1',
  10: 'Q2_K',
  11: 'Q3_K_S',
  12: 'Q3_K_M',
  13: 'Q3_K_L',
  14: 'Q4_K_S',
  15: 'Q4_K_M',
  16: 'Q5_K_S',
  17: 'Q5_K_M',
  18: 'Q6_K',
  19: 'IQ2_XXS',
  20: 'IQ2_XS',
  21: 'Q2_K_S',
  22: 'IQ3_XS',
  23: 'IQ3_XXS',
  24: 'IQ1_S',
  25: 'IQ4_NL',
  26: 'IQ3_S',
  27: 'IQ3_M',
  28: 'IQ2_S',
  29: 'IQ2_M',
  30: 'IQ4_XS',
  31: 'IQ1_M',
  32: 'BF16',
  36: 'TQ1_0',
  37: 'TQ2_0',
};

export function fileTypeName(fileType: number): string {
  return FILE_TYPES[fileType] ?? `type ${fileType}`;
}

/** How the model was run, for run.json. */
export interface GgufRuntimeRecord {
  readonly package: string;
  readonly version: string;
  readonly llamaCpp: string;
  readonly buildType: string;
  readonly gpu: string;
  readonly gpuLayers: { readonly asked: 'auto' | number; readonly used: number };
  readonly contextSize: number;
  readonly threads: number;
  /** Threads of the log-softmax: 1 for the row kernel, else the graph's (absent in runs made before it had its own). */
  readonly softmaxThreads?: number;
  readonly batchSize: number;
  /** Off: llama.cpp's CPU flash attention accumulates in F16 (about 4e-4 off a float64 reference). */
  readonly flashAttention: false;
  readonly kvCacheType: 'F32';
  /** How the tool calls llama.cpp (absent in runs made before the direct C API). */
  readonly calls?: string;
  /** Which library computes the log-probs and how. */
  readonly logprobs?: string;
}

export const GgufRuntimeRecordSchema = z.object({
  package: z.string(),
  version: z.string(),
  llamaCpp: z.string(),
  buildType: z.string(),
  gpu: z.string(),
  gpuLayers: z.object({ asked: z.union([z.literal('auto'), z.number()]), used: z.number() }),
  contextSize: z.number(),
  threads: z.number(),
  softmaxThreads: z.number().optional(),
  batchSize: z.number(),
  flashAttention: z.literal(false),
  kvCacheType: z.literal('F32'),
  calls: z.string().optional(),
  logprobs: z.string().optional(),
});
