import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fleissKappa } from '../../../src/core/stats/fleiss';
import { krippendorffAlphaNominal } from '../../../src/core/stats/krippendorff';
import { cohensKappa } from '../../../src/core/stats/kappa';
import { conflictingItems, interAnnotatorAgreement } from '../../../src/core/judgeValidation/interAnnotator';
import { annotated, record } from './records';

test('two annotators: Cohen’s kappa over the items both decided, with its interval', () => {
  const records = [
    annotated('0', 'true', { ana: 'true', ben: 'true' }),
    annotated('1', 'true', { ana: 'true', ben: 'false' }),
    annotated('2', 'false', { ana: 'false', ben: 'false' }),
    annotated('3', 'null', { ana: 'null', ben: 'null' }),
    annotated('4', 'null', { ana: 'true' }),
  ];
  const result = interAnnotatorAgreement(records);
  assert.equal(result.method, 'cohen-kappa');
  assert.deepEqual(result.annotators, ['ana', 'ben']);
  assert.equal(result.items, 4);
  // rows ana, columns ben over true/false/null: [[1,1,0],[0,1,0],[0,0,1]].
  const expected = cohensKappa([
    [1, 1, 0],
    [0, 1, 0],
    [0, 0, 1],
  ]);
  assert.equal(result.kappa, expected.kappa);
  assert.deepEqual(result.kappaCI, expected.ci);
});

test('three annotators, the same count on every shared item: Fleiss’ kappa; otherwise Krippendorff’s alpha', () => {
  const full = [
    annotated('0', 'true', { a: 'true', b: 'true', c: 'true' }),
    annotated('1', 'true', { a: 'true', b: 'false', c: 'true' }),
    annotated('2', 'false', { a: 'false', b: 'false', c: 'null' }),
    annotated('3', 'null', { a: 'null', b: 'null', c: 'null' }),
  ];
  const fleiss = interAnnotatorAgreement(full);
  assert.equal(fleiss.method, 'fleiss-kappa');
  assert.equal(
    fleiss.kappa,
    fleissKappa([
      [3, 0, 0],
      [2, 1, 0],
      [0, 2, 1],
      [0, 0, 3],
    ]).kappa,
  );
  assert.equal(fleiss.pairs.length, 3);

  const ragged = [...full, annotated('4', 'true', { a: 'true', b: 'false' })];
  const alpha = interAnnotatorAgreement(ragged);
  assert.equal(alpha.method, 'krippendorff-alpha-nominal');
  assert.equal(alpha.items, 5);
  assert.equal(alpha.kappa, krippendorffAlphaNominal(ragged.map((r) => r.annotators.map((x) => x.verdict))).alpha);
});

test('adjudicators are not raters; conflicts list what is left for one to settle', () => {
  const settled = record('0', 'true', {
    annotators: [{ annotator: 'ana', verdict: 'true' }],
    decisions: [
      { annotator: 'ana', verdict: 'true', role: 'annotator' },
      { annotator: 'lead', verdict: 'false', role: 'adjudicator' },
    ],
    human: 'false',
    humanSource: 'adjudicator',
  });
  const open = annotated('1', 'null', { ana: 'true', ben: 'null' });
  const result = interAnnotatorAgreement([settled, open]);
  assert.deepEqual(result.annotators, ['ana', 'ben']);
  assert.equal(result.items, 1);
  assert.deepEqual(conflictingItems([settled, open]), [{ itemId: '1', automatic: 'null', verdicts: { ana: 'true', ben: 'null' } }]);
  assert.equal(interAnnotatorAgreement([settled]).method, 'none');
});
