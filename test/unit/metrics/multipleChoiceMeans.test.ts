import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScoreHeaderSchema } from '../../../src/core/protocol/review';
import { mcMeans } from '../../../src/core/metrics/multipleChoiceMeans';

test('MC means of no items are null, not 0 or NaN, and the score header takes them', () => {
  const none = mcMeans([]);
  assert.deepEqual(none, { mc1: null, mc2: null, scored: 0 });
  assert.equal(JSON.stringify(none), '{"mc1":null,"mc2":null,"scored":0}');
  const counts = { items: 0, adjudicatedItems: 0, reviewedItems: 0, conflicts: 0, stale: 0, flagged: 0 };
  assert.ok(ScoreHeaderSchema.safeParse({ ...counts, automaticAccuracy: 0, adjudicatedAccuracy: 0, mc: none }).success);
});

test('MC means are the plain means over the items that have an MC part', () => {
  const parts = [
    { mc1: 1, mc2: 0.75 },
    { mc1: 0, mc2: 0.25 },
    { mc1: 1, mc2: 0.5 },
  ];
  const means = mcMeans(parts);
  assert.equal(means.scored, 3);
  assert.ok(Math.abs((means.mc1 ?? NaN) - 2 / 3) < 1e-12);
  assert.ok(Math.abs((means.mc2 ?? NaN) - 0.5) < 1e-12);
  assert.deepEqual(mcMeans([{ mc1: 0, mc2: 0.125 }]), { mc1: 0, mc2: 0.125, scored: 1 });
});
