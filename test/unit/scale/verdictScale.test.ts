import { test } from 'node:test';
import assert from 'node:assert/strict';
import { VerdictScaleSchema, gradeText, isOnScale, parseGrade, scaleOf, type OrdinalScale } from '../../../src/core/scale/verdictScale';
import { aggregateCriteria } from '../../../src/core/scale/criteria';
import { FIVE_LEVELS } from '../../helpers/syntheticGradedRun';

const SEAHELM: OrdinalScale = FIVE_LEVELS;

test('a run.json without a scale is binary, as every run written before scales existed', () => {
  assert.deepEqual(scaleOf({}), { kind: 'binary' });
  assert.deepEqual(scaleOf({ scale: SEAHELM }), SEAHELM);
});

test('an ordinal scale needs distinct names and increasing values; a numeric one max above min', () => {
  assert.ok(VerdictScaleSchema.safeParse(SEAHELM).success);
  const unordered = VerdictScaleSchema.safeParse({
    kind: 'ordinal',
    levels: [
      { name: 'a', value: 1 },
      { name: 'b', value: 1 },
    ],
  });
  assert.equal(unordered.success, false);
  assert.deepEqual(unordered.error?.issues[0]?.path, ['levels', 1, 'value']);
  assert.equal(
    VerdictScaleSchema.safeParse({
      kind: 'ordinal',
      levels: [
        { name: 'a', value: 0 },
        { name: 'A', value: 1 },
      ],
    }).success,
    false,
  );
  assert.equal(VerdictScaleSchema.safeParse({ kind: 'numeric', min: 1, max: 1 }).success, false);
  assert.ok(VerdictScaleSchema.safeParse({ kind: 'numeric', min: 1, max: 10 }).success);
});

test('a grade is typed as a level name (case aside), a level value, a number in range, or null', () => {
  assert.deepEqual(parseGrade(SEAHELM, 'class_majorly_met'), { ok: true, grade: 0.75 });
  assert.deepEqual(parseGrade(SEAHELM, '0.25'), { ok: true, grade: 0.25 });
  assert.deepEqual(parseGrade(SEAHELM, 'null'), { ok: true, grade: null });
  const off = parseGrade(SEAHELM, '0.3');
  assert.equal(off.ok, false);
  assert.match(off.ok ? '' : off.message, /CLASS_UNMET = 0, .*CLASS_EXACTLY_MET = 1, or null/);
  const likert = { kind: 'numeric', min: 1, max: 10 } as const;
  assert.deepEqual(parseGrade(likert, '7.5'), { ok: true, grade: 7.5 });
  assert.equal(parseGrade(likert, '11').ok, false);
  assert.equal(parseGrade(likert, '').ok, false);
  assert.equal(isOnScale(SEAHELM, 0.5), true);
  assert.equal(isOnScale(SEAHELM, 0.6), false);
  assert.equal(gradeText(SEAHELM, 0.5), 'CLASS_MODERATELY_MET');
  assert.equal(gradeText(likert, null), 'null');
});

test('criteria aggregate by the mean, a null counted as its source counts it or left out', () => {
  assert.equal(aggregateCriteria([1, 0.5, null], { kind: 'mean', nullAs: 0 }), 0.5);
  assert.equal(aggregateCriteria([1, 0.5, null], { kind: 'mean', nullAs: null }), 0.75);
  assert.equal(aggregateCriteria([null], { kind: 'mean', nullAs: null }), null);
  assert.equal(aggregateCriteria([], { kind: 'mean', nullAs: 0 }), null);
  // Left to right in float64, as Python's sum() adds them.
  assert.equal(
    aggregateCriteria([0.25, 0.25, 0.5, 0.75, 1, 0, 0.75], { kind: 'mean', nullAs: 0 }),
    (0.25 + 0.25 + 0.5 + 0.75 + 1 + 0 + 0.75) / 7,
  );
});
