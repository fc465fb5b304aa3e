import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nltkWordTokenize } from '../../../src/core/metrics/meteor/wordTokenizer';

// Expected values are NLTK 3.8's NLTKWordTokenizer().tokenize(text) output.
const CASES: readonly (readonly [string, readonly string[]])[] = [
  [
    'Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\nThanks.',
    ['Good', 'muffins', 'cost', '$', '3.88', 'in', 'New', 'York.', 'Please', 'buy', 'me', 'two', 'of', 'them.', 'Thanks', '.'],
  ],
  ['"I can\'t go," she said.', ['``', 'I', 'ca', "n't", 'go', ',', "''", 'she', 'said', '.']],
  [
    "They'll've gone; we'd been there, didn't we?",
    ["They'll", "'ve", 'gone', ';', 'we', "'d", 'been', 'there', ',', 'did', "n't", 'we', '?'],
  ],
  [
    "I cannot, gonna, gotta, wanna go; lemme see, gimme that, d'ye know, more'n that",
    [
      'I',
      'can',
      'not',
      ',',
      'gon',
      'na',
      ',',
      'got',
      'ta',
      ',',
      'wan',
      'na',
      'go',
      ';',
      'lem',
      'me',
      'see',
      ',',
      'gim',
      'me',
      'that',
      ',',
      'd',
      "'ye",
      'know',
      ',',
      'more',
      "'n",
      'that',
    ],
  ],
  ["'Tis the season, 'twas night.", ["'T", 'is', 'the', 'season', ',', "'t", 'was', 'night', '.']],
  ["He said 'hello' and “bye” «ok»", ['He', 'said', "'hello", "'", 'and', '“', 'bye', '”', '«', 'ok', '»']],
  ['a--b, 3,36 euros: 1:30 pm...', ['a', '--', 'b', ',', '3,36', 'euros', ':', '1:30', 'pm', '...']],
  ['e-mail me @ home #1 50% & more*', ['e-mail', 'me', '@', 'home', '#', '1', '50', '%', '&', 'more', '*']],
  ['(parens) [brackets] {braces} <angles>', ['(', 'parens', ')', '[', 'brackets', ']', '{', 'braces', '}', '<', 'angles', '>']],
  ['U.S.A. is big. Mr. Smith went.', ['U.S.A.', 'is', 'big.', 'Mr.', 'Smith', 'went', '.']],
  ["dogs' bones", ['dogs', "'", 'bones']],
  ["Naku! 'Di ba?", ['Naku', '!', "'Di", 'ba', '?']],
  ["``Tex'' quotes", ['``', 'Tex', "''", 'quotes']],
  // Unicode word characters count for \w and \b, as in Python.
  ["ΟΔΟΣ's and naïve 'ΟΔΟΣ", ['ΟΔΟΣ', "'s", 'and', 'naïve', "'ΟΔΟΣ"]],
  ['end. )', ['end', '.', ')']],
  ['end.")', ['end', '.', "''", ')']],
  ['', []],
  ['   \n\t ', []],
];

test('NLTKWordTokenizer: Treebank rules for quotes, punctuation, contractions', () => {
  for (const [text, expected] of CASES) assert.deepEqual(nltkWordTokenize(text), expected, JSON.stringify(text));
});

test('NLTKWordTokenizer: no sentence splitting, only the final period is split off', () => {
  assert.deepEqual(nltkWordTokenize('Kumain ka na. Salamat po.'), ['Kumain', 'ka', 'na.', 'Salamat', 'po', '.']);
});

test("NLTKWordTokenizer: Python's whitespace, not JavaScript's, separates tokens", () => {
  assert.deepEqual(nltkWordTokenize('a\u0085b\u001cc'), ['a', 'b', 'c']);
  assert.deepEqual(nltkWordTokenize('a\ufeffb'), ['a\ufeffb']);
});
