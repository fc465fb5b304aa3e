import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readAdjudicationLog } from '../../../src/core/adjudication/adjudicationLog';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { scratchDir } from '../../helpers/scratch';
import { eventOn, writeSyntheticRun } from '../../helpers/syntheticRun';
import { appendEvents, criterionGradeOf, FIVE_LEVELS, writeSyntheticGradedRun } from '../../helpers/syntheticGradedRun';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

test('events of a graded run: a grade off the scale, a verdict, a criterion the item lacks or an item-level grade on a criteria item are bad lines naming file, line and field', () => {
  const run = writeSyntheticGradedRun(join(scratchDir('graded-bad'), 'run'), 4);
  const good = eventOn(run, { itemId: '1', annotator: 'ana', minute: 1, criterion: '2', grade: 0.75 });
  appendEvents(run, [
    good,
    eventOn(run, { itemId: '1', annotator: 'ana', minute: 2, criterion: '1', grade: 0.3 }),
    eventOn(run, { itemId: '1', annotator: 'ana', minute: 3, verdict: true }),
    eventOn(run, { itemId: '1', annotator: 'ana', minute: 4, criterion: '9', grade: 1 }),
    eventOn(run, { itemId: '2', annotator: 'ana', minute: 5, grade: 1 }),
    { ...eventOn(run, { itemId: '2', annotator: 'ana', minute: 6, criterion: '1', grade: 1 }), hallucination: 'other' },
    eventOn(run, { itemId: '2', annotator: 'ana', minute: 7, flag: 'other', note: 'item-level note and flag' }),
  ]);
  const state = loadRunState(run.dir, RUN_REGISTRY);
  const messages = state.problems.map((p) => p.message);
  const at = (line: number, field: string): string | undefined =>
    messages.find((m) => m.startsWith(`${run.adjudications} line ${line}, field "${field}"`));
  assert.match(at(2, 'grade') ?? '', /0\.3 is not on this run's scale \(CLASS_UNMET = 0, .*CLASS_EXACTLY_MET = 1, or null\)/);
  assert.match(at(3, 'verdict') ?? '', /this run is graded: a decision is a grade/);
  assert.match(at(4, 'criterion') ?? '', /item "1" has no criterion "9" \(its criteria: 1, 2, 3\)/);
  assert.match(at(5, 'grade') ?? '', /item "2" is graded by its criteria \(1, 2, 3\): decide a criterion/);
  assert.match(at(6, 'hallucination') ?? '', /a criterion's event holds no flag/);
  assert.equal(messages.length, 5, messages.join('\n'));
  // Only the good events count: item 1's criterion 2 is decided, item 2 holds a flag and a note.
  assert.equal(state.adjudication('1')?.criteria.find((c) => c.id === '2')?.final?.grade, 0.75);
  assert.equal(state.adjudication('1')?.criteria.find((c) => c.id === '1')?.annotators.length, 0);
  assert.deepEqual(state.adjudication('2')?.flags, ['other']);
  assert.equal(state.adjudication('2')?.finalGrade, null);
});

test('a binary run reads its old events as before and takes no grade or criterion', () => {
  const run = writeSyntheticRun(join(scratchDir('binary-grade'), 'run'), 3);
  appendEvents(run, [
    eventOn(run, { itemId: '1', annotator: 'ana', minute: 1, verdict: false }),
    eventOn(run, { itemId: '2', annotator: 'ana', minute: 1, grade: 1 }),
    eventOn(run, { itemId: '2', annotator: 'ben', minute: 1, criterion: '1' }),
  ]);
  const state = loadRunState(run.dir, RUN_REGISTRY);
  assert.deepEqual(
    state.problems.map((p) => p.message),
    [
      `${run.adjudications} line 2, field "grade": this run's verdicts are binary: a decision is a verdict (true, false or null)`,
      `${run.adjudications} line 3, field "criterion": this run's items have no criteria (its verdicts are binary)`,
    ],
  );
  assert.deepEqual(state.adjudication('1')?.final, { verdict: false, source: 'agreement', by: ['ana'] });
  assert.equal(state.adjudication('1')?.finalGrade, null);
  // Read apart from its run, a log takes any well-formed event.
  assert.equal(readAdjudicationLog(run.adjudications).events.length, 3);
});

test("per (item, criterion, annotator) the latest event wins; each criterion's final follows the binary rule; the item's grade is their mean, a criterion without a human grade taking the judge's", () => {
  const run = writeSyntheticGradedRun(join(scratchDir('graded-final'), 'run'), 4);
  appendEvents(run, [
    // Criterion 1 of item 2: ana changes her mind (the latest wins), ben agrees with her latest.
    eventOn(run, { itemId: '2', annotator: 'ana', minute: 1, criterion: '1', grade: 0 }),
    eventOn(run, { itemId: '2', annotator: 'ana', minute: 5, criterion: '1', grade: 0.25 }),
    eventOn(run, { itemId: '2', annotator: 'ben', minute: 2, criterion: '1', grade: 0.25 }),
    // Criterion 2: ana and ben differ, then an adjudicator settles it; ben's later criterion-3 event does not touch criterion 2.
    eventOn(run, { itemId: '2', annotator: 'ana', minute: 1, criterion: '2', grade: 1 }),
    eventOn(run, { itemId: '2', annotator: 'ben', minute: 1, criterion: '2', grade: 0.5 }),
    eventOn(run, { itemId: '2', annotator: 'cy', role: 'adjudicator', minute: 3, criterion: '2', grade: null, note: 'no answer to this' }),
    eventOn(run, { itemId: '2', annotator: 'ben', minute: 9, criterion: '3' }),
    // The item-level event holds the flag and note, not a grade.
    eventOn(run, { itemId: '2', annotator: 'ana', minute: 6, flag: 'other', note: 'see criterion 2' }),
    // Item 3: ana and ben differ on criterion 3, a stale grade on criterion 1 is shown, never counted.
    eventOn(run, { itemId: '3', annotator: 'ana', minute: 1, criterion: '3', grade: 1 }),
    eventOn(run, { itemId: '3', annotator: 'ben', minute: 1, criterion: '3', grade: 0 }),
    eventOn(run, { itemId: '3', annotator: 'ana', minute: 1, criterion: '1', grade: 0, stale: true }),
  ]);
  const state = loadRunState(run.dir, RUN_REGISTRY);
  assert.deepEqual(state.problems, []);
  const two = state.adjudication('2');
  assert.ok(two !== undefined);
  assert.deepEqual(
    two.criteria.map((c) => [c.id, c.final, c.conflict]),
    [
      ['1', { grade: 0.25, source: 'agreement', by: ['ana', 'ben'] }, false],
      ['2', { grade: null, source: 'adjudicator', by: ['cy'] }, false],
      ['3', null, false],
    ],
  );
  assert.equal(two.criteria[1]?.annotators.find((a) => a.annotator === 'cy')?.state.note, 'no answer to this');
  assert.deepEqual(
    two.annotators.map((a) => [a.annotator, a.state]),
    [['ana', { hallucination: 'other', note: 'see criterion 2' }]],
  );
  assert.equal(two.final, null, 'a graded run has no binary verdict');
  // run.json counts a null criterion 0 (nullAs 0): (0.25 + 0 + judge's criterion 3) / 3.
  const judge3 = criterionGradeOf(FIVE_LEVELS, 2, 2);
  assert.equal(two.criteria[2]?.automatic, judge3);
  assert.deepEqual(two.finalGrade, { grade: (0.25 + 0 + (judge3 ?? 0)) / 3, source: 'criteria', by: ['ana', 'ben', 'cy'] });
  assert.equal(two.reviewed, true);
  assert.equal(two.conflict, false);
  const three = state.adjudication('3');
  assert.equal(three?.finalGrade, null, 'no criterion has a final human grade');
  assert.equal(three?.conflict, true);
  assert.equal(three?.stale, true);
  assert.equal(three?.reviewed, true);
  assert.equal(three?.criteria[0]?.annotators[0]?.stale, true);
});

test('an item graded whole takes its final grade by the binary rule: adjudicator, else agreement, else a conflict; null is a decision', () => {
  const run = writeSyntheticGradedRun(join(scratchDir('graded-whole'), 'run'), 4, {
    criteria: 0,
    scale: { kind: 'numeric', min: 1, max: 10 },
  });
  appendEvents(run, [
    eventOn(run, { itemId: '0', annotator: 'ana', minute: 1, grade: 7.5 }),
    eventOn(run, { itemId: '0', annotator: 'ben', minute: 1, grade: 7.5 }),
    eventOn(run, { itemId: '1', annotator: 'ana', minute: 1, grade: 2 }),
    eventOn(run, { itemId: '1', annotator: 'ben', minute: 1, grade: 3 }),
    eventOn(run, { itemId: '2', annotator: 'ana', minute: 1, grade: 2 }),
    eventOn(run, { itemId: '2', annotator: 'cy', role: 'adjudicator', minute: 2, grade: null }),
    eventOn(run, { itemId: '3', annotator: 'ana', minute: 1, grade: 11 }),
  ]);
  const state = loadRunState(run.dir, RUN_REGISTRY);
  assert.deepEqual(
    state.problems.map((p) => p.line),
    [7],
  );
  assert.match(state.problems[0]?.message ?? '', /field "grade": 11 is not on this run's scale \(a number from 1 to 10, or null\)/);
  assert.deepEqual(state.adjudication('0')?.finalGrade, { grade: 7.5, source: 'agreement', by: ['ana', 'ben'] });
  assert.equal(state.adjudication('1')?.finalGrade, null);
  assert.equal(state.adjudication('1')?.conflict, true);
  assert.deepEqual(state.adjudication('2')?.finalGrade, { grade: null, source: 'adjudicator', by: ['cy'] });
  assert.deepEqual(state.adjudication('2')?.criteria, []);
});
