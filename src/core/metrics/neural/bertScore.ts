import { type EncodedInput, wrapSingle } from '../../runtimes/onnx/specialTokens';
import { pyStrip } from '../pythonText';
import { bertScoreLayer, bertScoreLayerOutput } from './bertScoreLayer';
import { type SentenceVectors, greedyMatch, idfWeights, rescale, sentenceVectors } from './bertScoreMath';
import { BestMatchFinder } from '../../runtimes/onnx/bestMatches';
import { type LoadedModel, loadModel } from './loadedModel';
import { type BertScoreRecord, type NeuralMetric, type NeuralModelChoice } from './neuralMetric';
import { readRescaleBaseline } from './rescaleBaseline';

export const DEFAULT_BERTSCORE_MODEL = 'microsoft/deberta-v3-large';
const BATCH = 32;
const CACHED_REFERENCES = 512;

export interface BertScoreOptions extends NeuralModelChoice {
  /** null: bert_score's table entry for the model (by hub id, else config.json's _name_or_path). */
  readonly layer: number | null;
  readonly idf: boolean;
  /** A baseline file in bert_score's format, or null. */
  readonly rescaleFile: string | null;
  /** A resumed run's record: the files must not have changed. */
  readonly expected?: BertScoreRecord;
}

const FIDELITY =
  "Tiiiger/bert_score score(idf, rescale_with_baseline) F1: the sentence stripped, tokenized with special tokens and cut to the maximum length keeping them, the chosen layer's hidden states L2-normalized, greedy cosine matching (special tokens weigh 0 in the means, stay candidates in every max), a sentence with no token between its special tokens scores P = R = 0, F1 = 2PR/(P+R) with NaN as 0; each pair is matched on its own (bert_score's batches fill padded similarities with 0)";

/** BERTScore F1 of a hypothesis against each reference; the references' vectors are kept and reused. */
export async function createBertScore(options: BertScoreOptions): Promise<NeuralMetric<BertScoreRecord>> {
  const loaded = await loadModel(options, 'BERTScore', 512, options.expected?.model);
  try {
    const layer = bertScoreLayer(options.model, loaded.folder.config, options.layer);
    const output = bertScoreLayerOutput(loaded.onnx.path, loaded.onnx.outputNames, loaded.folder.config, layer);
    const baseline = options.rescaleFile === null ? null : readRescaleBaseline(options.rescaleFile, layer);
    const record: BertScoreRecord = {
      model: loaded.record,
      layer,
      output,
      idf: options.idf,
      rescale:
        baseline === null
          ? null
          : { file: baseline.file, sha256: baseline.sha256, precision: baseline.precision, recall: baseline.recall, f1: baseline.f1 },
      fidelity: FIDELITY,
    };
    return new BertScoreMetric(loaded, await BestMatchFinder.open(), record, output, baseline?.f1 ?? null);
  } catch (error) {
    await loaded.onnx.release();
    throw error;
  }
}

class BertScoreMetric implements NeuralMetric<BertScoreRecord> {
  readonly name = 'bertscore';
  private readonly references = new Map<string, SentenceVectors>();
  /** Texts whose batch is in the session now: the batch, and the text's row in it. */
  private readonly embedding = new Map<string, { readonly batch: Promise<SentenceVectors[]>; readonly row: number }>();
  private cut = 0;

  constructor(
    private readonly loaded: LoadedModel,
    private readonly matches: BestMatchFinder,
    readonly record: BertScoreRecord,
    private readonly output: string,
    private readonly baselineF1: number | null,
  ) {}

  async scoreAll(hypothesis: string, references: readonly string[], signal: AbortSignal): Promise<number[]> {
    // The cached references taken now: other calls in flight meanwhile may push them out of the cache.
    const vectors = new Map(
      references.flatMap((r) => {
        const known = this.references.get(r);
        return known === undefined ? [] : [[r, known] as const];
      }),
    );
    // A reference another call in flight is embedding (items scored at once share references) is waited for.
    const elsewhere = new Map(
      references.flatMap((r) => {
        const pending = vectors.has(r) ? undefined : this.embedding.get(r);
        return pending === undefined ? [] : [[r, pending] as const];
      }),
    );
    const wanted = [...new Set([hypothesis, ...references.filter((r) => !vectors.has(r) && !elsewhere.has(r))])];
    for (let i = 0; i < wanted.length; i += BATCH) {
      if (signal.aborted) throw new Error('cancelled');
      const texts = wanted.slice(i, i + BATCH);
      const batch = this.embed(texts);
      const mine = texts.map((text, row) => ({ text, entry: { batch, row } }));
      for (const { text, entry } of mine) this.embedding.set(text, entry);
      try {
        const embedded = await batch;
        texts.forEach((text, k) => vectors.set(text, embedded[k] as SentenceVectors));
      } finally {
        for (const { text, entry } of mine) if (this.embedding.get(text) === entry) this.embedding.delete(text);
      }
    }
    for (const [reference, { batch, row }] of elsewhere) vectors.set(reference, (await batch)[row] as SentenceVectors);
    for (const reference of references) {
      const known = vectors.get(reference);
      if (known !== undefined && !this.references.has(reference)) this.remember(reference, known);
    }
    const hyp = vectors.get(hypothesis);
    if (hyp === undefined) throw new Error('BERTScore: the hypothesis was not embedded');
    const refs = references.map((r) => {
      const ref = vectors.get(r);
      if (ref === undefined) throw new Error('BERTScore: a reference was not embedded');
      return ref;
    });
    const special = this.loaded.tokenizer.template.specialIds;
    const weight = this.record.idf ? idfWeights(refs.map((v) => v.ids)) : (id: number) => (special.has(id) ? 0 : 1);
    const best = await this.matches.find(
      hyp.vectors,
      hyp.ids.length,
      refs.map((ref) => ref.vectors),
      hyp.dim,
    );
    return refs.map((ref, k) => {
      const f1 = greedyMatch(hyp.ids, ref.ids, best, k, weight).f1;
      return this.baselineF1 === null ? f1 : rescale(f1, this.baselineF1);
    });
  }

  /** bert_score's sent_encode: strip; an empty text is its special tokens alone. */
  encode(text: string): EncodedInput {
    const stripped = pyStrip(text);
    const content = stripped === '' ? [] : this.loaded.tokenizer.content(stripped);
    const encoded = wrapSingle(this.loaded.tokenizer.template, content, this.record.model.maxLength);
    if (encoded.truncated) this.cut += 1;
    return encoded;
  }

  private async embed(texts: readonly string[]): Promise<SentenceVectors[]> {
    const inputs = texts.map((t) => this.encode(t));
    const result = await this.loaded.onnx.run(inputs, [this.output]);
    const out = result[this.output];
    if (out === undefined || out.dims.length !== 3)
      throw new Error(`${this.loaded.onnx.path}: output ${this.output} is not [batch, sequence, hidden]`);
    const [, sequence = 0, dim = 0] = out.dims;
    return inputs.map((input, row) => sentenceVectors(input.ids, out.data, row, sequence, dim));
  }

  private remember(text: string, vectors: SentenceVectors): void {
    if (this.references.size >= CACHED_REFERENCES) {
      const oldest = this.references.keys().next();
      if (oldest.done !== true) this.references.delete(oldest.value);
    }
    this.references.set(text, vectors);
  }

  truncations(): number {
    return this.cut;
  }

  async release(): Promise<void> {
    await this.matches.release();
    await this.loaded.onnx.release();
  }
}
