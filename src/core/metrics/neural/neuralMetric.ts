import * as z from 'zod';
import { ModelFileRecordSchema } from '../../runtimes/onnx/modelFolder';

/** What run.json records of a model used by a metric. */
export const NeuralModelRecordSchema = z.object({
  /** As the user named it: a folder or a hub id. */
  id: z.string(),
  /** The folder used, absolute. */
  dir: z.string(),
  files: z.array(ModelFileRecordSchema),
  onnxruntime: z.string(),
  maxLength: z.number().int().positive(),
  maxLengthSource: z.string(),
});
export type NeuralModelRecord = z.infer<typeof NeuralModelRecordSchema>;

export const BertScoreRecordSchema = z.object({
  model: NeuralModelRecordSchema,
  layer: z.number().int().nonnegative(),
  /** The ONNX output read for that layer. */
  output: z.string(),
  idf: z.boolean(),
  rescale: z.object({ file: z.string(), sha256: z.string(), precision: z.number(), recall: z.number(), f1: z.number() }).nullable(),
  fidelity: z.string(),
});
export type BertScoreRecord = z.infer<typeof BertScoreRecordSchema>;

export const BleurtRecordSchema = z.object({
  model: NeuralModelRecordSchema,
  fidelity: z.string(),
  truncation: z.string(),
});
export type BleurtRecord = z.infer<typeof BleurtRecordSchema>;

/**
 * A metric computed by a neural model: asynchronous and batched (an answer against all of an item's
 * references at once). Its model is loaded and checked when it is created, once per run.
 */
export interface NeuralMetric<R> {
  readonly name: 'bertscore' | 'bleurt';
  readonly record: R;
  /** One score per reference (not bounded to 0..1: BLEURT and rescaled BERTScore leave it). */
  scoreAll(hypothesis: string, references: readonly string[], signal: AbortSignal): Promise<number[]>;
  /** Texts or pairs cut to the maximum length so far. */
  truncations(): number;
  release(): Promise<void>;
}

/** How the user names a metric's model, and where relative paths start. */
export interface NeuralModelChoice {
  readonly model: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}
