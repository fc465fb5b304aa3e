import type { SimilarityMetric } from './similarityMetric';
import { memoizeText } from './memo';
import { clippedOverlap, countWordNgrams, type NgramCounts } from './ngramCounts';
import { pyRstrip } from './pythonText';
import { tokenize13a } from './tokenize13a';

// sacrebleu 2.x BLEU(smooth_method='none', tokenize='13a') sentence_score: max order 4, one reference,
// no effective order, no smoothing, brevity penalty.
const MAX_ORDER = 4;

interface BleuAnalysis {
  readonly length: number;
  /** ngrams[n - 1]: counts of the n-grams. */
  readonly ngrams: readonly NgramCounts[];
}

function analyse(text: string): BleuAnalysis {
  // BLEU._preprocess_segment: rstrip, then tokenize (so a trailing "-\n" is not joined away).
  const tokens = tokenize13a(pyRstrip(text));
  const ngrams: NgramCounts[] = [];
  for (let n = 1; n <= MAX_ORDER; n++) ngrams.push(countWordNgrams(tokens, n));
  return { length: tokens.length, ngrams };
}

/** BLEU on sacrebleu's 0..100 scale. */
export function bleuFromAnalyses(hyp: BleuAnalysis, ref: BleuAnalysis): number {
  const sysLen = hyp.length;
  const refLen = ref.length;
  const bp = sysLen < refLen ? (sysLen > 0 ? Math.exp(1 - refLen / sysLen) : 0) : 1;
  // Without smoothing one empty order makes the geometric mean 0 (sacrebleu's my_log(0) is -9999999999).
  let logSum = 0;
  for (let n = 1; n <= MAX_ORDER; n++) {
    const h = hyp.ngrams[n - 1];
    const r = ref.ngrams[n - 1];
    if (h === undefined || r === undefined) return 0;
    const total = Math.max(0, sysLen - n + 1);
    if (total === 0) return 0;
    const correct = clippedOverlap(h, r);
    if (correct === 0) return 0;
    logSum += Math.log((100 * correct) / total);
  }
  return bp * Math.exp(logSum / MAX_ORDER);
}

export function createBleuMetric(): SimilarityMetric {
  const analysed = memoizeText(analyse);
  return {
    name: 'bleu',
    description: 'BLEU (sacrebleu 2.x, 13a tokens, max order 4, no smoothing, brevity penalty) / 100; empty answer 0',
    score(hypothesis: string, reference: string): number {
      return bleuFromAnalyses(analysed(hypothesis), analysed(reference)) / 100;
    },
  };
}
