import * as z from 'zod';
import { NEURAL_FACTORIES } from '../../metrics/registry';
import {
  type BertScoreRecord,
  BertScoreRecordSchema,
  type BleurtRecord,
  BleurtRecordSchema,
  type NeuralMetric,
} from '../../metrics/neural/neuralMetric';

/** What the user chose for each model-backed metric of a run (null: not asked for). */
export interface NeuralChoices {
  readonly bertscore: {
    /** A folder (absolute, or relative to cwd) or a hub id looked up in the cache folder. */
    readonly model: string;
    readonly layer: number | null;
    readonly idf: boolean;
    readonly rescaleFile: string | null;
    /** A resumed run's record: its files must be unchanged. */
    readonly expected?: BertScoreRecord;
  } | null;
  readonly bleurt: { readonly model: string; readonly expected?: BleurtRecord } | null;
}

export const NO_NEURAL_METRICS: NeuralChoices = { bertscore: null, bleurt: null };

export interface LoadedNeuralMetrics {
  readonly bertscore: NeuralMetric<BertScoreRecord> | null;
  readonly bleurt: NeuralMetric<BleurtRecord> | null;
}

/** run.json's record of the models (open.models), and how many texts or pairs were cut to fit. */
export const NeuralModelsSchema = z.object({
  bertscore: BertScoreRecordSchema.optional(),
  bleurt: BleurtRecordSchema.optional(),
});
export type NeuralModels = z.infer<typeof NeuralModelsSchema>;
export const NeuralTruncationsSchema = z.object({
  bertscore: z.number().int().nonnegative().optional(),
  bleurt: z.number().int().nonnegative().optional(),
});
export type NeuralTruncations = z.infer<typeof NeuralTruncationsSchema>;

/** Loads and checks each chosen model (BERTScore first), before anything of the run is written. */
export async function loadNeuralMetrics(choices: NeuralChoices, cwd: string, env: NodeJS.ProcessEnv): Promise<LoadedNeuralMetrics> {
  const bertscore = choices.bertscore === null ? null : await NEURAL_FACTORIES.bertscore({ ...choices.bertscore, cwd, env });
  try {
    const bleurt = choices.bleurt === null ? null : await NEURAL_FACTORIES.bleurt({ ...choices.bleurt, cwd, env });
    return { bertscore, bleurt };
  } catch (error) {
    await bertscore?.release();
    throw error;
  }
}

export function neuralModels(loaded: LoadedNeuralMetrics): NeuralModels {
  return {
    ...(loaded.bertscore === null ? {} : { bertscore: loaded.bertscore.record }),
    ...(loaded.bleurt === null ? {} : { bleurt: loaded.bleurt.record }),
  };
}

export function neuralTruncations(loaded: LoadedNeuralMetrics): NeuralTruncations {
  return {
    ...(loaded.bertscore === null ? {} : { bertscore: loaded.bertscore.truncations() }),
    ...(loaded.bleurt === null ? {} : { bleurt: loaded.bleurt.truncations() }),
  };
}

/** The choices that reopen a run with the models it recorded (same folders, files checked). */
export function choicesFromModels(models: NeuralModels | undefined): NeuralChoices {
  const b = models?.bertscore;
  const l = models?.bleurt;
  return {
    bertscore:
      b === undefined ? null : { model: b.model.dir, layer: b.layer, idf: b.idf, rescaleFile: b.rescale?.file ?? null, expected: b },
    bleurt: l === undefined ? null : { model: l.model.dir, expected: l },
  };
}

export async function releaseNeuralMetrics(loaded: LoadedNeuralMetrics): Promise<void> {
  await loaded.bertscore?.release();
  await loaded.bleurt?.release();
}
