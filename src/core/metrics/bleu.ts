import type { SimilarityMetric } from './similarityMetric';
import { memoizeText } from './textAnalysisCache';
import { pyRstrip } from './pythonText';
import { tokenize13a } from './tokenize13a';
import { wordNgramStatistics } from './wordNgramStatistics';

// sacrebleu 2.x BLEU(smooth_method='none', tokenize='13a').sentence_score with one reference: max order 4,
// effective_order False, no smoothing, brevity penalty.
const MAX_ORDER = 4;

/** BLEU._preprocess_segment: rstrip, then 13a (so a trailing "-\n" is not joined away). */
export function bleuTokens(text: string): string[] {
  return tokenize13a(pyRstrip(text));
}

/** BLEU on sacrebleu's 0..100 scale, from the 13a tokens of both sides. */
export function bleuFromTokens(hyp: readonly string[], ref: readonly string[]): number {
  const sysLen = hyp.length;
  const refLen = ref.length;
  if (sysLen === 0) return 0;
  const statistics: number[] = [];
  wordNgramStatistics(hyp, ref, MAX_ORDER, statistics);
  // Without smoothing one order without a match makes the geometric mean 0 (sacrebleu: my_log(0) is
  // -9999999999, and no match at all returns 0 early).
  let logSum = 0;
  for (let n = 0; n < MAX_ORDER; n++) {
    const total = statistics[3 * n] ?? 0;
    const correct = statistics[3 * n + 2] ?? 0;
    if (total === 0 || correct === 0) return 0;
    logSum += Math.log((100 * correct) / total);
  }
  const bp = sysLen < refLen ? Math.exp(1 - refLen / sysLen) : 1;
  return bp * Math.exp(logSum / MAX_ORDER);
}

export function createBleuMetric(): SimilarityMetric {
  const analysed = memoizeText(bleuTokens);
  return {
    name: 'bleu',
    description: 'BLEU (sacrebleu 2.x, 13a tokens, max order 4, no smoothing, brevity penalty) / 100; empty answer 0',
    score(hypothesis: string, reference: string): number {
      // exp(log(100)) is 100.00000000000004: sacrebleu scores a perfect match a hair above 100; keep 0..1.
      return Math.min(1, bleuFromTokens(analysed(hypothesis), analysed(reference)) / 100);
    },
  };
}
