import { wrapPair } from '../../runtimes/onnx/specialTokens';
import { UserError } from '../../util/errors';
import { type LoadedModel, loadModel } from './loadedModel';
import { type BleurtRecord, type NeuralMetric, type NeuralModelChoice } from './neuralMetric';

export const DEFAULT_BLEURT_MODEL = 'lucadiliello/BLEURT-20';
const BATCH = 16;
const CACHED_REFERENCES = 512;

export interface BleurtOptions extends NeuralModelChoice {
  readonly expected?: BleurtRecord;
}

const FIDELITY =
  "lucadiliello/bleurt-pytorch's BLEURT-20 as the Kalahi code called it: tokenizer(references, candidates) — the pair (reference, candidate) in that order with its special tokens, token types 0 then 1 — and the regression output logits as the score";

/** BLEURT of a candidate against each reference, read from the model's `logits` output. */
export async function createBleurt(options: BleurtOptions): Promise<NeuralMetric<BleurtRecord>> {
  const loaded = await loadModel(options, 'BLEURT', 512, options.expected?.model);
  if (!loaded.onnx.outputNames.includes('logits')) {
    await loaded.onnx.release();
    throw new UserError(
      `${loaded.onnx.path}: BLEURT needs the output "logits" (the regression score); it has ${loaded.onnx.outputNames.join(', ')}`,
    );
  }
  const max = loaded.record.maxLength;
  const record: BleurtRecord = {
    model: loaded.record,
    fidelity: FIDELITY,
    truncation: `the official call set no truncation (a pair over the maximum fails there); a pair longer than ${max} tokens is cut as Hugging Face's longest_first does (one token at a time from the longer side, from the candidate when both are as long), the special tokens kept, and counted`,
  };
  return new BleurtMetric(loaded, record);
}

class BleurtMetric implements NeuralMetric<BleurtRecord> {
  readonly name = 'bleurt';
  private readonly referenceIds = new Map<string, number[]>();
  private cut = 0;

  constructor(
    private readonly loaded: LoadedModel,
    readonly record: BleurtRecord,
  ) {}

  async scoreAll(hypothesis: string, references: readonly string[], signal: AbortSignal): Promise<number[]> {
    const { tokenizer } = this.loaded;
    const candidate = tokenizer.content(hypothesis);
    const pairs = references.map((reference) => {
      const encoded = wrapPair(tokenizer.template, this.referenceContent(reference), candidate, this.record.model.maxLength);
      if (encoded.truncated) this.cut += 1;
      return encoded;
    });
    const scores: number[] = [];
    for (let i = 0; i < pairs.length; i += BATCH) {
      if (signal.aborted) throw new Error('cancelled');
      const batch = pairs.slice(i, i + BATCH);
      const out = (await this.loaded.onnx.run(batch, ['logits']))['logits'];
      if (out === undefined) throw new Error(`${this.loaded.onnx.path}: no logits`);
      const perRow = out.data.length / batch.length;
      batch.forEach((_, row) => scores.push(out.data[row * perRow] ?? Number.NaN));
    }
    return scores;
  }

  /** A reference's tokens, kept: an item's references are tokenized once for all its answers. */
  private referenceContent(reference: string): number[] {
    const known = this.referenceIds.get(reference);
    if (known !== undefined) return known;
    const ids = this.loaded.tokenizer.content(reference);
    if (this.referenceIds.size >= CACHED_REFERENCES) {
      const oldest = this.referenceIds.keys().next();
      if (oldest.done !== true) this.referenceIds.delete(oldest.value);
    }
    this.referenceIds.set(reference, ids);
    return ids;
  }

  truncations(): number {
    return this.cut;
  }

  release(): Promise<void> {
    return this.loaded.onnx.release();
  }
}
