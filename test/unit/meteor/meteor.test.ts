import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { metricVectorsDir, requireSharedFile } from '../../helpers/sharedData';
import { alignWords, createMeteorMetric, meteorScore } from '../../../src/core/metrics/meteor/meteor';
import { nltkWordTokenize } from '../../../src/core/metrics/meteor/wordTokenizer';
import type { WordNet } from '../../../src/core/metrics/meteor/wordnet';
import { requireWordNet } from './wordnetFixture';

// Expected values are NLTK 3.8 single_meteor_score(word_tokenize(reference), word_tokenize(hypothesis)) with
// NLTKWordTokenizer tokens, and the matches its _enum_align_words returns.
const CASES: readonly (readonly [string, string, number, readonly (readonly [number, number])[]])[] = [
  [
    'It is a guide to action which ensures that the military always obeys the commands of the party',
    'It is a guide to action that ensures that the military will forever heed Party commands',
    0.6944444444444445,
    [
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [7, 7],
      [8, 8],
      [10, 10],
      [14, 15],
      [16, 9],
      [17, 14],
    ],
  ],
  [
    'the cat sat',
    'the cat sat',
    0.9814814814814815,
    [
      [0, 0],
      [1, 1],
      [2, 2],
    ],
  ],
  [
    'The Cat',
    'the cat',
    0.9375,
    [
      [0, 0],
      [1, 1],
    ],
  ],
  // Stems: dogs/dog and running/run.
  [
    'the dogs were running',
    'the dog was run',
    0.6388888888888888,
    [
      [0, 0],
      [1, 1],
      [3, 3],
    ],
  ],
  // Which occurrence is taken: hypothesis words from the last, each taking the last free reference word.
  [
    'a b a',
    'a a b',
    0.5,
    [
      [0, 0],
      [1, 2],
      [2, 1],
    ],
  ],
  [
    'b a a c',
    'a c a b',
    0.5,
    [
      [0, 3],
      [1, 0],
      [2, 2],
      [3, 1],
    ],
  ],
  [
    'Pumunta siya sa bahay.',
    'Pumunta sa bahay siya.',
    0.744,
    [
      [0, 0],
      [1, 3],
      [2, 1],
      [3, 2],
      [4, 4],
    ],
  ],
  // Synonyms: of the hypothesis word's stem, against the reference word's stem.
  [
    'the dog barked',
    'the hound barked',
    0.9814814814814815,
    [
      [0, 0],
      [1, 1],
      [2, 2],
    ],
  ],
  [
    'many children',
    'many kids',
    0.9375,
    [
      [0, 0],
      [1, 1],
    ],
  ],
  ['many kids', 'many children', 0.25, [[0, 0]]],
  [
    'dog dog',
    'hound dog',
    0.9375,
    [
      [0, 0],
      [1, 1],
    ],
  ],
  ['children', 'child', 0.5, [[0, 0]]],
  // No synonym match once stemmed: 'automobile' -> 'automobil', 'happy' -> 'happi', 'goes' -> 'goe'.
  [
    'I drive a car',
    'I drive an automobile',
    0.46875,
    [
      [0, 0],
      [1, 1],
    ],
  ],
  [
    'I am happy',
    'I am glad',
    0.625,
    [
      [0, 0],
      [1, 1],
    ],
  ],
  [
    'He went home',
    'He goes home',
    0.3333333333333333,
    [
      [0, 0],
      [2, 2],
    ],
  ],
];

function withWordNet(t: Parameters<typeof requireWordNet>[0], body: (wn: WordNet) => void): void {
  const wn = requireWordNet(t);
  if (wn !== undefined) body(wn);
}

const enumerate = (text: string) => nltkWordTokenize(text).map((token, index) => ({ index, word: token.toLowerCase() }));

test('METEOR: NLTK scores and alignments', (t) => {
  withWordNet(t, (wn) => {
    for (const [hypothesis, reference, score, matches] of CASES) {
      const label = `${hypothesis} | ${reference}`;
      assert.deepEqual(alignWords(enumerate(hypothesis), enumerate(reference), wn), matches, label);
      assert.ok(Math.abs(meteorScore(hypothesis, reference, wn) - score) < 1e-12, label);
    }
  });
});

test('METEOR: 0 when either side has no token or nothing matches', (t) => {
  withWordNet(t, (wn) => {
    assert.equal(meteorScore('', 'the cat', wn), 0);
    assert.equal(meteorScore('the cat', '', wn), 0);
    assert.equal(meteorScore('  \n', '  ', wn), 0);
    assert.equal(meteorScore('non matching hypothesis', 'this is a cat', wn), 0);
  });
});

test('METEOR: the shared reference vectors (NLTK 3.8, WordNet 3.0)', (t) => {
  const file = join(metricVectorsDir, 'similarity.jsonl');
  if (!requireSharedFile(t, file)) return;
  withWordNet(t, (wn) => {
    const rows = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { hypothesis: string; reference: string; meteor: number });
    assert.ok(rows.length >= 150);
    const off = rows.filter((row) => !(Math.abs(meteorScore(row.hypothesis, row.reference, wn) - row.meteor) <= 1e-9));
    assert.deepEqual(off, []);
  });
});

test('createMeteorMetric: a SimilarityMetric that loads WordNet on the first score only', (t) => {
  withWordNet(t, (wn) => {
    let loads = 0;
    const metric = createMeteorMetric(() => {
      loads++;
      return wn;
    });
    assert.equal(metric.name, 'meteor');
    assert.equal(loads, 0);
    assert.equal(metric.score('the cat sat', 'the cat sat'), 0.9814814814814815);
    assert.equal(metric.score('many kids', 'many children'), 0.25);
    assert.equal(loads, 1);
  });
});
