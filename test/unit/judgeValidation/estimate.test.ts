import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateAccuracy } from '../../../src/core/judgeValidation/estimate';
import { drawSample } from '../../../src/core/judgeValidation/sample';
import { wilsonInterval } from '../../../src/core/stats/wilson';
import { record } from './records';

test('no human verdict: no estimate, and the reason', () => {
  const e = estimateAccuracy([record('0', 'true'), record('1', 'false')], undefined);
  assert.deepEqual([e.method, e.accuracy, e.ci], ['none', null, null]);
  assert.match(e.notes.join(), /no item has a final human verdict/);
});

test('every item decided: the accuracy on the items is exact; Wilson on all items for the superpopulation', () => {
  const records = [
    record('0', 'true', { human: 'true' }),
    record('1', 'null', { human: 'true' }),
    record('2', 'false', { human: 'false' }),
    record('3', 'missing'),
  ];
  const e = estimateAccuracy(records, undefined);
  assert.deepEqual([e.method, e.target, e.interval, e.accuracy, e.ci, e.se], ['census', 'run-items', 'exact', 2 / 4, [0.5, 0.5], 0]);
  assert.match(e.notes.join(), /1 items without a result count as wrong/);
  const questions = estimateAccuracy(records, undefined, { target: 'superpopulation' });
  assert.deepEqual([questions.method, questions.target, questions.interval], ['wilson', 'superpopulation', 'wilson']);
  assert.deepEqual(questions.ci, wilsonInterval(2, 4));
});

test('with a sample: the design strata as recorded, the human verdicts the sampled items have now', () => {
  const ids = Array.from({ length: 40 }, (_, i) => String(i));
  const outcome = (id: string) => (Number(id) < 24 ? 'true' : Number(id) < 36 ? 'false' : 'null') as 'true' | 'false' | 'null';
  const sample = drawSample({ itemIds: ids, outcomeOf: outcome, n: 10, seed: 3 });
  const drawn = new Set(sample.itemIds);
  // Humans agree with the judge on every sampled item but one, which stays undecided.
  const undecided = sample.itemIds[0];
  const records = ids.map((id) =>
    record(id, outcome(id), drawn.has(id) && id !== undecided ? { human: outcome(id) === 'true' ? 'true' : 'false' } : {}),
  );
  const e = estimateAccuracy(records, sample);
  assert.deepEqual([e.method, e.target, e.interval], ['stratified-ppi', 'run-items', 'price-bonett']);
  assert.equal(e.sampleId, sample.id);
  assert.equal(e.labeled, 9);
  assert.equal(e.accuracy, 24 / 40, 'human = judge in each stratum: the automatic accuracy');
  assert.deepEqual(
    e.strata.map((h) => [h.stratum, h.population]),
    [
      ['true', 24],
      ['false', 12],
      ['null', 4],
    ],
  );
  assert.match(e.notes.join(), /1 of the 10 sampled items have no final human verdict yet/);
  assert.ok(e.ci !== null && e.ci[0] < 0.6 && e.ci[1] > 0.6);
  // Every sampled verdict agrees with the judge, yet the interval keeps the width of 9 labels (no collapse).
  assert.ok(e.ci[1] - e.ci[0] > 0.2, `width ${e.ci[1] - e.ci[0]}`);
  assert.match(e.notes.join(), /the interval rests on few human verdicts \(9; 4 in stratum true, 3 in stratum false, 2 in stratum null\)/);
});

test('no warning once the sample is large enough in all and in every sizeable stratum', () => {
  const ids = Array.from({ length: 400 }, (_, i) => String(i));
  const outcome = (id: string) => (Number(id) < 250 ? 'true' : Number(id) < 390 ? 'false' : 'null') as 'true' | 'false' | 'null';
  const sample = drawSample({ itemIds: ids, outcomeOf: outcome, n: 40, seed: 5 });
  const drawn = new Set(sample.itemIds);
  const records = ids.map((id) => record(id, outcome(id), drawn.has(id) ? { human: outcome(id) === 'true' ? 'true' : 'false' } : {}));
  const e = estimateAccuracy(records, sample);
  assert.deepEqual(
    e.strata.map((h) => h.labeled),
    [24, 14, 2],
  );
  assert.equal(e.notes.join(), '');
});

test('a sampled stratum with no human verdict yet: method none and no interval, saying which', () => {
  const ids = ['0', '1', '2', '3', '4', '5'];
  const outcome = (id: string) => (Number(id) < 3 ? 'true' : 'false') as 'true' | 'false';
  const sample = drawSample({ itemIds: ids, outcomeOf: outcome, n: 4, seed: 1 });
  const records = ids.map((id) => record(id, outcome(id), outcome(id) === 'true' && sample.itemIds.includes(id) ? { human: 'true' } : {}));
  const e = estimateAccuracy(records, sample);
  assert.deepEqual([e.method, e.accuracy, e.ci, e.interval], ['none', null, null, null]);
  assert.match(e.notes.join(), /no reviewed item yet in stratum false/);
  assert.deepEqual(
    e.strata.map((h) => [h.stratum, h.labeled]),
    [
      ['true', 2],
      ['false', 0],
    ],
  );
});

test('no sample: post-stratified over the reviewed items, with the warning', () => {
  const records = [
    record('0', 'true', { human: 'true' }),
    record('1', 'true', { human: 'false' }),
    record('2', 'true'),
    record('3', 'false', { human: 'false' }),
    record('4', 'false'),
  ];
  const e = estimateAccuracy(records, undefined);
  assert.equal(e.method, 'post-stratified-ppi');
  // true stratum: 3 items, 1 of 2 reviewed correct; false stratum: 2 items, 0 of 1: (3·0.5 + 0) / 5.
  assert.equal(e.accuracy, 0.3);
  assert.match(e.notes.join(), /not if they were chosen/);
});

test('issue 17, finding 3: sample --n 5 on a gpt4o-shaped run draws no null item, so the method is none', () => {
  const ids = Array.from({ length: 810 }, (_, i) => String(i));
  const outcome = (id: string) => (Number(id) < 518 ? 'true' : Number(id) < 800 ? 'false' : 'null') as 'true' | 'false' | 'null';
  const sample = drawSample({ itemIds: ids, outcomeOf: outcome, n: 5, seed: 9 });
  assert.equal(sample.strata.null?.itemIds.length, 0);
  const drawn = new Set(sample.itemIds);
  const records = ids.map((id) => record(id, outcome(id), drawn.has(id) ? { human: 'true' } : {}));
  const e = estimateAccuracy(records, sample);
  assert.deepEqual([e.method, e.accuracy, e.ci], ['none', null, null]);
  assert.match(e.notes.join(), /no reviewed item yet in stratum null/);
});
