import type * as TokenizersModule from '@huggingface/tokenizers';

type TokenizerModel = NonNullable<TokenizersModule.Tokenizer['model']>;

/** The models whose encode is a concatenation of each pre-tokenized word's pieces, the word alone deciding them. */
const WORD_BY_WORD = new Set(['WordPiece', 'Unigram', 'BPE']);

/** Distinct words remembered before the memo starts over: a run's vocabulary fits many times over. */
const REMEMBERED_WORDS = 100_000;

/**
 * Remembers the pieces the library's model gives each word, so a word met again is not split again: Filipino
 * and Japanese texts repeat their particles and affixed stems in every sentence, and splitting a word is most
 * of the tokenizer's time (WordPiece tries every prefix of every remainder). The pieces stay the library's own;
 * only a model whose encode handles each word on its own gets the memo.
 */
export function rememberWordPieces(model: TokenizerModel | null): void {
  if (model === null || !WORD_BY_WORD.has(model.config.type)) return;
  const encodeWords = model.encode.bind(model);
  const known = new Map<string, readonly string[]>();
  model.encode = (words: string[]): string[] => {
    const pieces: string[] = [];
    for (const word of words) {
      let wordPieces = known.get(word);
      if (wordPieces === undefined) {
        if (known.size >= REMEMBERED_WORDS) known.clear();
        wordPieces = encodeWords([word]);
        known.set(word, wordPieces);
      }
      for (const piece of wordPieces) pieces.push(piece);
    }
    return pieces;
  };
}
