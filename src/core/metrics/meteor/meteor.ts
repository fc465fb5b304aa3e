import type { SimilarityMetric } from '../similarityMetric';
import { memoizeText } from '../textAnalysisCache';
import { countChunks, exactStage, matchStage, type EnumWord, type WordMatch } from './align';
import { porterStem } from './porterStemmer';
import { nltkWordTokenize } from './wordTokenizer';
import type { WordNet } from './wordnet';

// NLTK 3.8 nltk.translate.meteor_score.single_meteor_score defaults, as the `evaluate` library's meteor uses.
const ALPHA = 0.9;
const BETA = 3;
const GAMMA = 0.5;

const TEXT_CACHE_SIZE = 1_024;
const WORD_CACHE_SIZE = 100_000;

/** Tokenized and lowercased (NLTK's preprocess=str.lower on each token), enumerated. */
const analyse = memoizeText(
  (text: string): EnumWord[] => nltkWordTokenize(text).map((token, index) => ({ index, word: token.toLowerCase() })),
  TEXT_CACHE_SIZE,
);

const stem = memoizeText(porterStem, WORD_CACHE_SIZE);

const synonymCaches = new WeakMap<WordNet, (word: string) => ReadonlySet<string>>();

/**
 * The words the synonym stage accepts for a hypothesis word: the word itself and the lemma names without '_'
 * of every synset `wordnet.synsets(word)` finds.
 */
export function meteorSynonyms(word: string, wordnet: WordNet): ReadonlySet<string> {
  let cached = synonymCaches.get(wordnet);
  if (cached === undefined) {
    cached = memoizeText((w: string): ReadonlySet<string> => {
      const names = new Set<string>([w]);
      for (const synset of wordnet.synsets(w)) {
        for (const name of wordnet.lemmaNames(synset)) if (!name.includes('_')) names.add(name);
      }
      return names;
    }, WORD_CACHE_SIZE);
    synonymCaches.set(wordnet, cached);
  }
  return cached(word);
}

const stemmed = (words: readonly EnumWord[]): EnumWord[] => words.map(({ index, word }) => ({ index, word: stem(word) }));

/**
 * NLTK's _enum_align_words: exact matches, then Porter-stem matches, then WordNet-synonym matches, each stage
 * on the words the earlier ones left. As in NLTK, the synonym stage sees the stemmed words.
 */
export function alignWords(hypothesis: readonly EnumWord[], reference: readonly EnumWord[], wordnet: WordNet): WordMatch[] {
  const exact = exactStage(hypothesis, reference);
  const stems = exactStage(stemmed(exact.hypothesis), stemmed(exact.reference));
  const synonyms = matchStage(stems.hypothesis, stems.reference, (hypWord) => {
    const accepted = meteorSynonyms(hypWord, wordnet);
    return (refWord) => accepted.has(refWord);
  });
  return [...exact.matches, ...stems.matches, ...synonyms.matches].sort((a, b) => a[0] - b[0]);
}

/** METEOR from enumerated, lowercased tokens (NLTK's single_meteor_score after _generate_enums). */
export function meteorFromWords(hypothesis: readonly EnumWord[], reference: readonly EnumWord[], wordnet: WordNet): number {
  if (hypothesis.length === 0 || reference.length === 0) return 0;
  const matches = alignWords(hypothesis, reference, wordnet);
  const matchCount = matches.length;
  if (matchCount === 0) return 0;
  const precision = matchCount / hypothesis.length;
  const recall = matchCount / reference.length;
  const fmean = (precision * recall) / (ALPHA * precision + (1 - ALPHA) * recall);
  const fragFrac = countChunks(matches) / matchCount;
  const penalty = GAMMA * fragFrac ** BETA;
  return (1 - penalty) * fmean;
}

/**
 * NLTK 3.8 `single_meteor_score(word_tokenize(reference), word_tokenize(hypothesis))` (alpha 0.9, beta 3,
 * gamma 0.5), with NLTKWordTokenizer tokens and no sentence splitting.
 */
export function meteorScore(hypothesis: string, reference: string, wordnet: WordNet): number {
  return meteorFromWords(analyse(hypothesis), analyse(reference), wordnet);
}

/** The METEOR SimilarityMetric. WordNet is loaded on the first score, not before. */
export function createMeteorMetric(loadWordnet: () => WordNet): SimilarityMetric {
  let wordnet: WordNet | undefined;
  return {
    name: 'meteor',
    description:
      'METEOR as NLTK 3.8 single_meteor_score (alpha 0.9, beta 3, gamma 0.5; exact, Porter-stem and WordNet 3.0 ' +
      'synonym matching) on NLTK word tokens',
    score(hypothesis: string, reference: string): number {
      wordnet ??= loadWordnet();
      return meteorScore(hypothesis, reference, wordnet);
    },
  };
}
