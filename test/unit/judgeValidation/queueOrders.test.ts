import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchAnswer } from '../../../src/core/benchmarks/yokaieval/answerMatcher';
import { kalahiRank } from '../../../src/core/benchmarks/kalahi/informativeRank';
import { yokaiEvalRank } from '../../../src/core/benchmarks/yokaieval/informativeRank';
import { type ResultLine } from '../../../src/core/runs/resultLine';
import { datasetOrder, informativeRanking, mostInformativeFirst, randomOrder } from '../../../src/core/judgeValidation/queueOrders';
import { record } from './records';

const CHOICES = ['鬼', '鬼火', '河童', '天狗'];

test('the answer matcher names exactly one choice, a choice inside a longer found one not counting', () => {
  assert.deepEqual(matchAnswer('答えは鬼火です', CHOICES, '鬼火'), { choice: '鬼火', verdict: true, found: ['鬼火'] });
  assert.equal(matchAnswer('鬼', CHOICES, '鬼火').verdict, false);
  assert.deepEqual(matchAnswer('河童か天狗', CHOICES, '河童'), { choice: null, verdict: null, found: ['河童', '天狗'] });
  assert.equal(matchAnswer('わかりません', CHOICES, '河童').verdict, null);
});

function line(itemId: string, response: string, verdict: boolean | null): ResultLine {
  return {
    itemId,
    itemHash: 'a'.repeat(64),
    time: '2026-01-01T00:00:00.000Z',
    inputs: { question: 'q', choices: CHOICES, answer: '河童' },
    prompt: null,
    response,
    judgeReply: String(verdict),
    verdict,
    scores: {},
    usage: null,
    latencyMs: null,
    error: null,
  };
}

test('most informative first: nulls, then matcher disagreements, then unclear responses, errors, the rest', () => {
  const records = [
    record('0', 'true', { line: line('0', '河童', true) }),
    record('1', 'error'),
    record('2', 'true', { line: line('2', '天狗', true) }),
    record('3', 'false', { line: line('3', '河童と天狗', false) }),
    record('4', 'null', { line: line('4', 'わかりません', null) }),
  ];
  assert.deepEqual(mostInformativeFirst(records, yokaiEvalRank), ['4', '2', '3', '1', '0']);
  const ranking = informativeRanking(records, yokaiEvalRank);
  assert.deepEqual(
    ranking.map((r) => r.tier),
    [0, 1, 2, 3, 4],
  );
  assert.match(ranking[1]?.reason ?? '', /matcher reads "天狗" \(false\)/);
});

test('Kalahi: an annotator against the primary metric first, then the smallest |diff|', () => {
  const kalahi = (itemId: string, diff: number, others: boolean[] = []): ResultLine => ({
    ...line(itemId, 'sagot', diff > 0),
    inputs: { category: 'ethics', topic: 't' },
    open: {
      answer: 'sagot',
      empty: false,
      finishReason: 'stop',
      metrics: { chrf: { acc: diff > 0, diff }, ...Object.fromEntries(others.map((acc, i) => [`m${i}`, { acc, diff: acc ? 0.1 : -0.1 }])) },
    },
  });
  const records = [
    record('a', 'true', { line: kalahi('a', 0.3) }),
    record('b', 'true', { line: kalahi('b', 0.02) }),
    record('c', 'true', { line: kalahi('c', 0.4), decisions: [{ annotator: 'ana', verdict: 'false', role: 'annotator' }] }),
    record('d', 'true', { line: kalahi('d', 0.2, [false, false, true]) }),
  ];
  assert.deepEqual(mostInformativeFirst(records, kalahiRank('chrf')), ['c', 'd', 'b', 'a']);
});

test('dataset and seeded random orders', () => {
  const ids = Array.from({ length: 30 }, (_, i) => String(i));
  assert.deepEqual(datasetOrder(ids), ids);
  assert.deepEqual(randomOrder(ids, 9), randomOrder(ids, 9));
  assert.notDeepEqual(randomOrder(ids, 9), ids);
});
