import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { registerBenchmark } from '../../../src/core/benchmarks/registry';
import { type GradedScore } from '../../../src/core/adjudication/gradedScore';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { eventOn } from '../../helpers/syntheticRun';
import {
  appendEvents,
  categoryOf,
  criterionGradeOf,
  FIVE_LEVELS,
  itemGradeOf,
  writeSyntheticGradedRun,
} from '../../helpers/syntheticGradedRun';
import { CRITERIA_LOG } from '../../fixtures/benchmarks/criteriaLog';

registerBenchmark(CRITERIA_LOG);

const N = 6;
/** The judge's criteria grades of item i, as the helper writes them, recomputed here. */
const judgeCriteria = (i: number): (number | null)[] => [0, 1, 2].map((k) => criterionGradeOf(FIVE_LEVELS, i, k));
/** The mean with a null counted 0 (run.json's nullAs), added left to right. */
const meanNullAs0 = (grades: readonly (number | null)[]): number => grades.reduce<number>((s, g) => s + (g ?? 0), 0) / grades.length;

test('summary of a criteria run: the mean grade automatic and adjudicated, nulls counted, criteria decided, and the source figure with its groups', async () => {
  const run = writeSyntheticGradedRun(join(scratchDir('graded-summary'), 'run'), N, { benchmark: 'criteria-log' });
  appendEvents(run, [
    // Item 1: every criterion decided 1 by ana.
    ...['1', '2', '3'].map((criterion) => eventOn(run, { itemId: '1', annotator: 'ana', minute: 1, criterion, grade: 1 })),
    // Item 2: criterion 1 decided null (no answer to it), the others stay the judge's.
    eventOn(run, { itemId: '2', annotator: 'ana', minute: 1, criterion: '1', grade: null }),
    // Item 3: a conflict on criterion 2, so it stays the judge's.
    eventOn(run, { itemId: '3', annotator: 'ana', minute: 1, criterion: '2', grade: 0 }),
    eventOn(run, { itemId: '3', annotator: 'ben', minute: 1, criterion: '2', grade: 1 }),
  ]);
  const result = await runCli(['summary', run.dir, '--json']);
  assert.equal(result.code, 0, result.stderr);
  const graded = (JSON.parse(result.stdout) as { graded: GradedScore }).graded;

  const judge = Array.from({ length: N }, (_, i) => meanNullAs0(judgeCriteria(i)));
  const human = [...judge];
  human[1] = 1;
  human[2] = meanNullAs0([null, ...judgeCriteria(2).slice(1)]);
  const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
  assert.equal(graded.automatic.mean, mean(judge));
  assert.deepEqual(graded.automatic.counts, { graded: N, null: 0, error: 0, missing: 0 });
  assert.equal(graded.adjudicated.mean, mean(human));
  assert.equal(graded.adjudicated.decided, 2);
  assert.equal(graded.adjudicated.changed, 2);
  assert.deepEqual(graded.criteria, {
    total: 3 * N,
    judgeNull: 1,
    decided: 4,
    changed: judgeCriteria(1).filter((g) => g !== 1).length + (judgeCriteria(2)[0] !== null ? 1 : 0),
    conflicts: 1,
  });

  const figure = graded.figure;
  assert.ok(figure !== null);
  assert.equal(figure.name, 'average_criteria_score');
  assert.equal(figure.automatic.value, (100 * judge.reduce((s, x) => s + x, 0)) / N);
  assert.equal(figure.adjudicated.value, (100 * human.reduce((s, x) => s + x, 0)) / N);
  const ethics = [1, 3, 5];
  assert.ok(ethics.every((i) => categoryOf(i) === 'ethics'));
  assert.deepEqual(
    figure.adjudicated.groups.find((g) => g.name === 'ethics'),
    { name: 'ethics', value: (100 * ethics.reduce((s, i) => s + (human[i] ?? 0), 0)) / 3, items: 3 },
  );

  const text = (await runCli(['summary', run.dir])).stdout;
  assert.match(text, /^review {5}3 of 6 reviewed \(2 with a final human grade\)/m);
  assert.match(text, /^average_criteria_score [\d.]+ automatic, [\d.]+ adjudicated \(the mean over items/m);
  assert.match(text, /^ {2}category ethics: /m);
  assert.doesNotMatch(text, /^accuracy/m, 'a graded run shows grades, not a binary accuracy of nulls');
});

test('summary of a run graded whole on a numeric scale: nulls are their own count, never 0; a human null is counted as null', async () => {
  const scale = { kind: 'numeric', min: 1, max: 10 } as const;
  const run = writeSyntheticGradedRun(join(scratchDir('graded-numeric'), 'run'), 8, { criteria: 0, scale });
  appendEvents(run, [
    eventOn(run, { itemId: '3', annotator: 'ana', minute: 1, grade: 9 }),
    eventOn(run, { itemId: '0', annotator: 'ana', minute: 1, grade: null }),
  ]);
  const result = await runCli(['summary', run.dir, '--json']);
  const graded = (JSON.parse(result.stdout) as { graded: GradedScore }).graded;
  const judge = Array.from({ length: 8 }, (_, i) => itemGradeOf(scale, i));
  const present = judge.filter((g): g is number => g !== null);
  assert.equal(graded.automatic.mean, present.reduce((s, x) => s + x, 0) / present.length);
  assert.deepEqual(graded.automatic.counts, { graded: 6, null: 2, error: 0, missing: 0 });
  const human = judge.map((g, i) => (i === 3 ? 9 : i === 0 ? null : g)).filter((g): g is number => g !== null);
  assert.equal(graded.adjudicated.mean, human.reduce((s, x) => s + x, 0) / human.length);
  assert.deepEqual(graded.adjudicated.counts, { graded: 6, null: 2, error: 0, missing: 0 });
  assert.equal(graded.figure, null);
  assert.match(
    (await runCli(['summary', run.dir])).stdout,
    /^mean grade [\d.]+ {2}\(the judge's, over 6 graded items; left out, never counted as 0: null 2, error 0, missing 0/m,
  );
});

test('a binary run has no graded part in its summary', async () => {
  const { writeSyntheticRun } = await import('../../helpers/syntheticRun');
  const run = writeSyntheticRun(join(scratchDir('binary-summary'), 'run'), 3);
  const summary = JSON.parse((await runCli(['summary', run.dir, '--json'])).stdout) as Record<string, unknown>;
  assert.equal('graded' in summary, false);
});
