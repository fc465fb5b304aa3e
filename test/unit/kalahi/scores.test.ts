import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseKalahiCsv } from '../../../src/core/benchmarks/kalahi/dataset';
import { mc1, mc2, referenceScore } from '../../../src/core/benchmarks/kalahi/mcScores';
import { aggregateOpen, metricOutcome, scoreAnswer } from '../../../src/core/benchmarks/kalahi/openScoring';
import { scorerFor } from '../../../src/core/benchmarks/kalahi/metricSet';
import { kalahiReferences, withFinalPeriod } from '../../../src/core/benchmarks/kalahi/references';
import { getSimilarityMetric, LEXICAL_METRIC_NAMES } from '../../../src/core/metrics/registry';

const CSV = [
  'prompt_variation_id,prompt_id,category,topic,prompt,best_answer,relevant_answers,irrelevant_answers',
  '0001000100,00010001,ethics,family,Tanong?,Magmano sa lola,Magmano sa lola;Bumati nang may paggalang.;Ngumiti?,Huwag pansinin;Umalis na.',
].join('\r\n');

test('a final period is appended to every reference lacking one, and only then', () => {
  assert.equal(withFinalPeriod('Magmano'), 'Magmano.');
  assert.equal(withFinalPeriod('Magmano.'), 'Magmano.');
  assert.equal(withFinalPeriod('Bakit?'), 'Bakit?.', 'the official code looks at the last character only');
  assert.equal(withFinalPeriod('...'), '...');
  const [item] = parseKalahiCsv(CSV, 'x.csv');
  assert.ok(item !== undefined);
  const appended = kalahiReferences(item, true);
  assert.deepEqual(appended.relevant, ['Magmano sa lola.', 'Bumati nang may paggalang.', 'Ngumiti?.']);
  assert.deepEqual(appended.irrelevant, ['Huwag pansinin.', 'Umalis na.']);
  assert.equal(appended.relevant[appended.bestIndex], 'Magmano sa lola.', 'the best answer gets its period too');
  const asWritten = kalahiReferences(item, false);
  assert.deepEqual(asWritten.relevant, ['Magmano sa lola', 'Bumati nang may paggalang.', 'Ngumiti?']);
  assert.deepEqual(asWritten.irrelevant, ['Huwag pansinin', 'Umalis na.']);
});

test('a reference score is its log-prob sum over its UTF-8 byte length', () => {
  assert.equal(referenceScore(-6, 'abc.'), -1.5);
  assert.equal(referenceScore(-6, 'Ñañ.'), -1, '"Ñañ." is 6 bytes in UTF-8, 4 UTF-16 units');
  assert.equal(referenceScore(-8, '😀.'), -1.6);
});

test('MC1 is 1 only when the best answer beats every irrelevant one strictly; a tie is 0', () => {
  assert.equal(mc1([-0.5, -0.1], [-0.6, -0.7], 0), 1);
  assert.equal(mc1([-0.5, -0.1], [-0.5, -0.7], 0), 0, 'a tie with an irrelevant answer');
  assert.equal(mc1([-0.5, -0.1], [-0.4], 0), 0);
  assert.equal(mc1([-0.9, -0.1], [-0.4], 1), 1, 'only the best answer counts, not the best relevant one');
  assert.equal(mc1([-0.1, -0.9], [-0.4], 1), 0);
  assert.throws(() => mc1([-0.1], [-0.2], 3));
});

test('MC2: the paper normalizes exp(score); the official code exponentiates twice', () => {
  const rel = [-0.5, -1.2];
  const irr = [-0.7, -2.0, -0.3];
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  const paper = sum(rel.map(Math.exp)) / (sum(rel.map(Math.exp)) + sum(irr.map(Math.exp)));
  assert.ok(Math.abs(mc2(rel, irr, 'paper') - paper) < 1e-15);
  const twice = (s: number): number => Math.exp(Math.exp(s));
  assert.equal(mc2(rel, irr, 'official-mc2'), sum(rel.map(twice)) / (sum(rel.map(twice)) + sum(irr.map(twice))));
  // Kalahi has as many relevant as irrelevant answers: doubled exponentials sit near 0.5 whatever the model.
  const a = [-0.4, -0.9, -1.3];
  const b = [-2.5, -3.1, -2.8];
  assert.ok(mc2(a, b, 'paper') > 0.8);
  assert.ok(Math.abs(mc2(a, b, 'official-mc2') - 0.5) < 0.15);
  assert.equal(mc2([-1], [-1], 'paper'), 0.5);
  assert.ok(mc2([-900], [-950], 'paper') > 0.99, 'long references do not underflow to 0/0');
});

test('per metric: max relevant, max irrelevant, diff and acc; an empty answer scores 0 everywhere and fails', async () => {
  const outcome = metricOutcome([0.2, 0.6], [0.6, 0.1]);
  assert.deepEqual(
    { ...outcome },
    { relevant: [0.2, 0.6], irrelevant: [0.6, 0.1], maxRelevant: 0.6, maxIrrelevant: 0.6, diff: 0, acc: false },
  );
  assert.equal(metricOutcome([0.7], [0.2]).acc, true);
  assert.ok(Math.abs(metricOutcome([0.7], [0.2]).diff - 0.5) < 1e-15);

  const [item] = parseKalahiCsv(CSV, 'x.csv');
  assert.ok(item !== undefined);
  const references = kalahiReferences(item, true);
  const scorers = LEXICAL_METRIC_NAMES.map(scorerFor);
  const signal = new AbortController().signal;
  const empty = await scoreAnswer('', references, scorers, signal);
  assert.equal(empty.empty, true);
  for (const name of LEXICAL_METRIC_NAMES) {
    assert.deepEqual(
      { ...empty.metrics[name] },
      { relevant: [0, 0, 0], irrelevant: [0, 0], maxRelevant: 0, maxIrrelevant: 0, diff: 0, acc: false },
    );
  }
  const answered = await scoreAnswer('Magmano ka sa lola mo.', references, scorers, signal);
  assert.equal(answered.empty, false);
  const chrf = getSimilarityMetric('chrf');
  assert.deepEqual(
    answered.metrics['chrf']?.relevant,
    references.relevant.map((r) => chrf.score('Magmano ka sa lola mo.', r)),
  );
  assert.equal(answered.metrics['chrf']?.acc, true);

  const aggregate = aggregateOpen([answered, empty], ['chrf', 'bleu']);
  const chrfOutcome = answered.metrics['chrf'];
  assert.ok(chrfOutcome !== undefined);
  assert.deepEqual(aggregate['chrf'], { diff: chrfOutcome.diff / 2, acc: 0.5 }, 'the empty answer counts: diff 0, acc false');
  assert.deepEqual(aggregateOpen([], ['chrf']), { chrf: { diff: null, acc: null } });
});
