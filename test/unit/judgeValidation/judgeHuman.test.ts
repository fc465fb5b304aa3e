import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeHumanAgreement, judgeHumanByFacet, judgePerAnnotator } from '../../../src/core/judgeValidation/judgeHuman';
import { facetsOf } from '../../../src/core/judgeValidation/facets';
import { record } from './records';
import { benchmarkBasicsOf } from '../../../src/core/benchmarks/registryBasics';

test('judge versus the final human verdict: rows judge, columns human, over items with a human verdict', () => {
  const records = [
    record('0', 'true', { human: 'true' }),
    record('1', 'null', { human: 'true' }),
    record('2', 'false', { human: 'false' }),
    record('3', 'true', { human: 'null' }),
    record('4', 'error', { human: 'false' }),
    record('5', 'true'),
  ];
  const a = judgeHumanAgreement(records);
  assert.equal(a.items, 4);
  assert.equal(a.excluded, 1, 'the error item has no judge verdict');
  assert.deepEqual(a.confusion, {
    labels: ['true', 'false', 'null'],
    rows: 'judge',
    columns: 'human',
    counts: [
      [1, 0, 1],
      [0, 1, 0],
      [1, 0, 0],
    ],
  });
  assert.equal(a.percent, 0.5);
  assert.ok(a.kappa !== null && a.kappaCI !== null);
});

test('per facet: YokaiEval type and normalized region; per annotator, each one’s own decisions', () => {
  const inputs = (type: string, region: string) =>
    facetsOf(benchmarkBasicsOf('yokaieval'), { question: 'q', choices: [], answer: 'a', type, region });
  assert.deepEqual(inputs('妖怪の名前', '[[A]]'), { type: '妖怪の名前', region: '北海道' });
  assert.deepEqual(facetsOf(benchmarkBasicsOf('kalahi'), { category: 'ethics', topic: 'family' }), { category: 'ethics', topic: 'family' });
  const records = [
    record('0', 'true', { human: 'true', facets: inputs('t1', '北海道') }),
    record('1', 'false', { human: 'true', facets: inputs('t1', '[[A]]') }),
    record('2', 'false', {
      human: 'false',
      facets: inputs('t2', '沖縄'),
      decisions: [{ annotator: 'ana', verdict: 'false', role: 'annotator' }],
    }),
  ];
  const byRegion = judgeHumanByFacet(records, 'region');
  assert.deepEqual(
    byRegion.map((r) => [r.value, r.items, r.percent]),
    [
      ['北海道', 2, 0.5],
      ['沖縄', 1, 1],
    ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
  );
  assert.deepEqual(
    judgePerAnnotator(records).map((a) => [a.annotator, a.items, a.percent]),
    [['ana', 1, 1]],
  );
});
