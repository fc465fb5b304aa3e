import type { SimilarityMetric, TextMetricName } from './similarityMetric';
import { charNgramStatistics } from './charNgramStatistics';
import { memoizeText } from './textAnalysisCache';
import { pyRemoveWhitespace, pySplit } from './pythonText';
import { wordNgramStatistics } from './wordNgramStatistics';

// sacrebleu 2.x CHRF(): chrF with char_order 6, beta 2, whitespace removed, no lowercasing, no eps smoothing
// (sacreBLEU's "effective order" averaging). chrF++ adds word 1- and 2-grams (word_order 2).
const CHAR_ORDER = 6;
const BETA = 2;

/** Python's string.punctuation, as sacrebleu's CHRF._PUNCTS. */
const PUNCTS = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

/**
 * sacrebleu's CHRF._remove_punctuation: split on whitespace, then split ONE punctuation character off the end
 * of a word, or else off its start ('(hi)' gives '(hi' and ')').
 */
export function chrfWords(text: string): string[] {
  const words: string[] = [];
  for (const w of pySplit(text)) {
    // Python's len(w) == 1; a lone astral character (JS length 2) ends and starts with no ASCII punctuation,
    // so it is kept whole below as well.
    if (w.length === 1) {
      words.push(w);
    } else if (PUNCTS.has(w.charAt(w.length - 1))) {
      words.push(w.slice(0, -1), w.charAt(w.length - 1));
    } else if (PUNCTS.has(w.charAt(0))) {
      words.push(w.charAt(0), w.slice(1));
    } else {
      words.push(w);
    }
  }
  return words;
}

/**
 * sacrebleu's CHRF._compute_f_score without eps smoothing: precision and recall are averaged over the orders
 * where both sides have n-grams, then combined into one F-beta. `statistics` holds [nHyp, nRef, nMatch] per
 * order (char orders, then word orders). Returns 0..100 like sacrebleu.
 */
export function chrfFromStatistics(statistics: readonly number[], beta: number = BETA): number {
  const factor = beta ** 2;
  let avgPrec = 0;
  let avgRec = 0;
  let effectiveOrder = 0;
  for (let i = 0; i + 2 < statistics.length; i += 3) {
    const nRef = statistics[i + 1] ?? 0;
    // sacrebleu's _get_match_statistics counts no hypothesis n-grams of an order the reference lacks.
    const nHyp = nRef > 0 ? (statistics[i] ?? 0) : 0;
    const nMatch = statistics[i + 2] ?? 0;
    if (nHyp > 0 && nRef > 0) {
      avgPrec += nMatch / nHyp;
      avgRec += nMatch / nRef;
      effectiveOrder++;
    }
  }
  if (effectiveOrder === 0) return 0;
  avgPrec /= effectiveOrder;
  avgRec /= effectiveOrder;
  if (avgPrec + avgRec === 0) return 0;
  let score = (1 + factor) * avgPrec * avgRec;
  score /= factor * avgPrec + avgRec;
  return 100 * score;
}

interface ChrfAnalysis {
  /** Code points of the text without whitespace. */
  readonly codePoints: Int32Array;
  readonly words: readonly string[];
}

function codePointsOf(line: string): Int32Array {
  const out = new Int32Array(line.length);
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const cp = line.codePointAt(i) ?? 0;
    out[n++] = cp;
    if (cp > 0xffff) i++;
  }
  return n === line.length ? out : out.slice(0, n);
}

function createChrf(name: TextMetricName, wordOrder: number, description: string): SimilarityMetric {
  const analyse = memoizeText((text: string): ChrfAnalysis => ({
    codePoints: codePointsOf(pyRemoveWhitespace(text)),
    words: wordOrder > 0 ? chrfWords(text) : [],
  }));
  return {
    name,
    description,
    score(hypothesis: string, reference: string): number {
      const h = analyse(hypothesis);
      const r = analyse(reference);
      const statistics: number[] = [];
      charNgramStatistics(h.codePoints, r.codePoints, CHAR_ORDER, statistics);
      if (wordOrder > 0) wordNgramStatistics(h.words, r.words, wordOrder, statistics);
      return chrfFromStatistics(statistics) / 100;
    },
  };
}

export function createChrfMetric(): SimilarityMetric {
  return createChrf('chrf', 0, 'chrF (sacrebleu 2.x CHRF(): character 6-grams, beta 2, whitespace ignored) / 100');
}

export function createChrfPlusPlusMetric(): SimilarityMetric {
  return createChrf('chrf++', 2, 'chrF++ (sacrebleu 2.x CHRF(word_order=2): chrF plus word 1- and 2-grams) / 100');
}
