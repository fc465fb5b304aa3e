import type { SimilarityMetric, TextMetricName } from './similarityMetric';
import { forEachLcsIndex, lcsLength } from './lcs';
import { memoizeText } from './textAnalysisCache';
import { countWordNgrams, type NgramCounts } from './ngramCounts';
import { rougeTokenize } from './rougeTokenize';

// rouge-score's RougeScorer (no stemmer) with target = reference, prediction = hypothesis; the F-measure.

/** rouge_score.scoring.fmeasure. */
function fmeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** rouge_scorer._score_ngrams. */
export function rougeN(hypothesisNgrams: NgramCounts, referenceNgrams: NgramCounts): number {
  let intersection = 0;
  let referenceCount = 0;
  for (const [key, count] of referenceNgrams) {
    referenceCount += count;
    const other = hypothesisNgrams.get(key);
    if (other !== undefined) intersection += count < other ? count : other;
  }
  let hypothesisCount = 0;
  for (const count of hypothesisNgrams.values()) hypothesisCount += count;
  return fmeasure(intersection / Math.max(hypothesisCount, 1), intersection / Math.max(referenceCount, 1));
}

/**
 * Codes the tokens of both sides as integers: reference tokens get ids 0..size-1, hypothesis-only tokens -1
 * (they never match). Returns the number of distinct reference tokens.
 */
function encode(
  reference: readonly (readonly string[])[],
  hypothesis: readonly (readonly string[])[],
): {
  ref: Int32Array[];
  hyp: Int32Array[];
  vocabulary: number;
} {
  const ids = new Map<string, number>();
  const ref = reference.map((tokens) => {
    const coded = new Int32Array(tokens.length);
    tokens.forEach((token, k) => {
      let id = ids.get(token);
      if (id === undefined) {
        id = ids.size;
        ids.set(token, id);
      }
      coded[k] = id;
    });
    return coded;
  });
  const hyp = hypothesis.map((tokens) => Int32Array.from(tokens, (token) => ids.get(token) ?? -1));
  return { ref, hyp, vocabulary: ids.size };
}

/** rouge_scorer._score_lcs. */
export function rougeL(hypothesis: readonly string[], reference: readonly string[]): number {
  if (hypothesis.length === 0 || reference.length === 0) return 0;
  const coded = encode([reference], [hypothesis]);
  const lcs = lcsLength(coded.ref[0] ?? new Int32Array(0), coded.hyp[0] ?? new Int32Array(0));
  return fmeasure(lcs / hypothesis.length, lcs / reference.length);
}

/**
 * rouge_scorer._summary_level_lcs: for each reference line, the union of its LCS (as indices) with each
 * hypothesis line; each token of a union counts as a hit while both sides still have an unused occurrence
 * of it (ROUGE 1.5.5's guard against double counting).
 */
export function rougeLsum(hypothesisLines: readonly (readonly string[])[], referenceLines: readonly (readonly string[])[]): number {
  if (hypothesisLines.length === 0 || referenceLines.length === 0) return 0;
  let m = 0;
  for (const line of referenceLines) m += line.length;
  let n = 0;
  for (const line of hypothesisLines) n += line.length;
  if (m === 0 || n === 0) return 0;

  const { ref, hyp, vocabulary } = encode(referenceLines, hypothesisLines);
  const refCounts = new Int32Array(vocabulary);
  const hypCounts = new Int32Array(vocabulary);
  for (const line of ref) for (const id of line) refCounts[id] = (refCounts[id] ?? 0) + 1;
  for (const line of hyp) for (const id of line) if (id >= 0) hypCounts[id] = (hypCounts[id] ?? 0) + 1;

  let hits = 0;
  for (const r of ref) {
    const inUnion = new Uint8Array(r.length);
    for (const c of hyp) forEachLcsIndex(r, c, (index) => (inUnion[index] = 1));
    for (let index = 0; index < r.length; index++) {
      if (inUnion[index] !== 1) continue;
      const id = r[index] ?? -1;
      if ((hypCounts[id] ?? 0) > 0 && (refCounts[id] ?? 0) > 0) {
        hits++;
        hypCounts[id] = (hypCounts[id] ?? 0) - 1;
        refCounts[id] = (refCounts[id] ?? 0) - 1;
      }
    }
  }
  return fmeasure(hits / n, hits / m);
}

/** rouge-score's get_sents for rougeLsum without split_summaries: lines on "\n", empty lines dropped. */
function tokenizeLines(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map(rougeTokenize);
}

function createRougeNMetric(name: TextMetricName, n: number): SimilarityMetric {
  const analysed = memoizeText((text: string) => countWordNgrams(rougeTokenize(text), n));
  return {
    name,
    description: `ROUGE-${n} F-measure (rouge-score, [a-z0-9]+ tokens of the lowercased text, no stemmer)`,
    score: (hypothesis: string, reference: string): number => rougeN(analysed(hypothesis), analysed(reference)),
  };
}

export function createRouge1Metric(): SimilarityMetric {
  return createRougeNMetric('rouge-1', 1);
}

export function createRouge2Metric(): SimilarityMetric {
  return createRougeNMetric('rouge-2', 2);
}

export function createRougeLMetric(): SimilarityMetric {
  const analysed = memoizeText(rougeTokenize);
  return {
    name: 'rouge-l',
    description: 'ROUGE-L F-measure (rouge-score rougeL: LCS of the whole texts, no stemmer)',
    score: (hypothesis: string, reference: string): number => rougeL(analysed(hypothesis), analysed(reference)),
  };
}

export function createRougeLsumMetric(): SimilarityMetric {
  const analysed = memoizeText(tokenizeLines);
  return {
    name: 'rouge-lsum',
    description: 'ROUGE-Lsum F-measure (rouge-score rougeLsum: union LCS over "\\n"-separated lines, no stemmer)',
    score: (hypothesis: string, reference: string): number => rougeLsum(analysed(hypothesis), analysed(reference)),
  };
}
