import type { MetricName, SimilarityMetric } from './similarityMetric';
import { memoizeText } from './memo';
import { charNgramStatisticsNumeric } from './charNgramMatches';
import { clippedOverlap, countWordNgrams, type NgramCounts } from './ngramCounts';
import { pyRemoveWhitespace, pySplit } from './pythonText';

// sacrebleu 2.x CHRF(): chrF with char_order 6, beta 2, whitespace removed, no lowercasing, no eps smoothing
// (sacreBLEU's "effective order" averaging). chrF++ adds word 1- and 2-grams (word_order 2).
const CHAR_ORDER = 6;
const BETA = 2;

/** Python's string.punctuation, as sacrebleu's CHRF._PUNCTS. */
const PUNCTS = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

interface NgramsOfOrder {
  readonly counts: NgramCounts;
  readonly total: number;
}

/** Character n-grams of orders 1..6 of the text with all whitespace removed, over code points. */
export function extractCharNgrams(text: string, maxOrder: number = CHAR_ORDER): NgramsOfOrder[] {
  const line = pyRemoveWhitespace(text);
  // offsets[i] = UTF-16 index of code point i; offsets[length] = line.length.
  const offsets: number[] = [];
  for (let i = 0; i < line.length; i++) {
    offsets.push(i);
    const c = line.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < line.length) {
      const d = line.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  const length = offsets.length;
  offsets.push(line.length);
  const result: NgramsOfOrder[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const counts: NgramCounts = new Map();
    const last = length - n;
    for (let i = 0; i <= last; i++) {
      const key = line.slice(offsets[i], offsets[i + n]);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    result.push({ counts, total: last >= 0 ? last + 1 : 0 });
  }
  return result;
}

/**
 * sacrebleu's CHRF._remove_punctuation: split on whitespace, then split ONE punctuation character off the end
 * of a word, or else off its start ('(hi)' gives '(hi' and ')').
 */
export function chrfWords(text: string): string[] {
  const words: string[] = [];
  for (const w of pySplit(text)) {
    // A one-character word is kept as is; punctuation is ASCII, so testing UTF-16 units is exact.
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

function extractWordNgrams(text: string, wordOrder: number): NgramsOfOrder[] {
  const words = chrfWords(text);
  const result: NgramsOfOrder[] = [];
  for (let n = 1; n <= wordOrder; n++) {
    result.push({ counts: countWordNgrams(words, n), total: Math.max(0, words.length - n + 1) });
  }
  return result;
}

/**
 * sacrebleu's CHRF._compute_f_score without eps smoothing: precision and recall are averaged over the orders
 * where both sides have n-grams, then combined into one F-beta. `statistics` is [nHyp, nRef, nMatch] per
 * order (char orders, then word orders). Returns 0..100 like sacrebleu.
 */
export function chrfFromStatistics(statistics: readonly number[], beta: number = BETA): number {
  const factor = beta ** 2;
  let avgPrec = 0;
  let avgRec = 0;
  let effectiveOrder = 0;
  for (let i = 0; i + 2 < statistics.length; i += 3) {
    const nHyp = statistics[i] ?? 0;
    const nRef = statistics[i + 1] ?? 0;
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

/** Appends sacrebleu's CHRF._get_match_statistics of each order. */
export function appendStatistics(hyp: readonly NgramsOfOrder[], ref: readonly NgramsOfOrder[], out: number[]): void {
  for (let i = 0; i < hyp.length; i++) {
    const h = hyp[i];
    const r = ref[i];
    if (h === undefined || r === undefined) continue;
    // sacrebleu counts no hypothesis n-grams of an order the reference lacks.
    out.push(r.total > 0 ? h.total : 0, r.total, clippedOverlap(h.counts, r.counts));
  }
}

interface ChrfAnalysis {
  readonly text: string;
  /** Code points of the text without whitespace. */
  readonly codePoints: Int32Array;
  readonly wordNgrams: readonly NgramsOfOrder[];
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

function createChrf(name: MetricName, wordOrder: number, description: string): SimilarityMetric {
  const analyse = memoizeText(
    (text: string): ChrfAnalysis => ({
      text,
      codePoints: codePointsOf(pyRemoveWhitespace(text)),
      wordNgrams: wordOrder > 0 ? extractWordNgrams(text, wordOrder) : [],
    }),
  );
  return {
    name,
    description,
    score(hypothesis: string, reference: string): number {
      const h = analyse(hypothesis);
      const r = analyse(reference);
      const statistics: number[] = [];
      if (!charNgramStatisticsNumeric(h.codePoints, r.codePoints, CHAR_ORDER, statistics)) {
        appendStatistics(extractCharNgrams(h.text), extractCharNgrams(r.text), statistics);
      }
      appendStatistics(h.wordNgrams, r.wordNgrams, statistics);
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
