import { type BestMatches } from '../../runtimes/onnx/bestMatches';

/** One sentence's tokens and their L2-normalized vectors (row-major, `dim` per token). */
export interface SentenceVectors {
  readonly ids: readonly number[];
  /** float32, as bert_score's torch tensors: normalized in float64, then stored. */
  readonly vectors: Float32Array;
  readonly dim: number;
}

/**
 * Row `row` of a [batch, sequence, dim] float32 output, its first `ids.length` tokens, each normalized: a copy,
 * since a reference's vectors are kept for the run and a view would keep its whole padded batch.
 */
export function sentenceVectors(ids: readonly number[], data: Float32Array, row: number, sequence: number, dim: number): SentenceVectors {
  const vectors = data.slice(row * sequence * dim, (row * sequence + ids.length) * dim);
  for (let from = 0; from < vectors.length; from += dim) {
    let norm = 0;
    for (let d = from; d < from + dim; d += 1) {
      const x = vectors[d] as number;
      norm += x * x;
    }
    norm = Math.sqrt(norm);
    for (let d = from; d < from + dim; d += 1) vectors[d] = (vectors[d] as number) / norm;
  }
  return { ids, vectors, dim };
}

export interface PrecisionRecallF1 {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

/**
 * bert_score's greedy_cos_idf for the hypothesis and reference `k`, from the best cosine of every token
 * (special tokens included: only padding is out of the search): precision and recall are the means of the
 * hypothesis's and the reference's bests weighted by `weight` (0 for the special tokens without idf). A
 * sentence of two tokens (nothing between its special tokens) gives P = R = 0; a NaN F1 becomes 0.
 */
export function greedyMatch(
  hypothesis: readonly number[],
  reference: readonly number[],
  best: BestMatches,
  k: number,
  weight: (id: number) => number,
): PrecisionRecallF1 {
  let precision = weightedMean(hypothesis, best.ofHypothesis, k * hypothesis.length, weight);
  let recall = weightedMean(reference, best.ofReference, k * best.longest, weight);
  if (hypothesis.length === 2 || reference.length === 2) {
    precision = 0;
    recall = 0;
  }
  const f1 = (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1: Number.isNaN(f1) ? 0 : f1 };
}

function weightedMean(ids: readonly number[], best: Float32Array, from: number, weight: (id: number) => number): number {
  let total = 0;
  let sum = 0;
  for (let t = 0; t < ids.length; t += 1) {
    const w = weight(ids[t] as number);
    total += w;
    sum += w * (best[from + t] as number);
  }
  return sum / total;
}

/** bert_score's idf from a set of sentences' token ids: log((N + 1) / (df + 1)), log(N + 1) for unseen ids. */
export function idfWeights(sentences: readonly (readonly number[])[]): (id: number) => number {
  const documentFrequency = new Map<number, number>();
  for (const ids of sentences) for (const id of new Set(ids)) documentFrequency.set(id, (documentFrequency.get(id) ?? 0) + 1);
  const n = sentences.length;
  return (id) => Math.log((n + 1) / ((documentFrequency.get(id) ?? 0) + 1));
}

/** bert_score's rescale_with_baseline: (score - baseline) / (1 - baseline). */
export function rescale(value: number, baseline: number): number {
  return (value - baseline) / (1 - baseline);
}
