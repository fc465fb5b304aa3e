import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newAdjudicationEvent } from '../../../src/core/adjudication/newEvent';
import { webviewMessageSchemaFor } from '../../../src/core/review/incomingMessages';
import { openingMessages } from '../../../src/core/review/openingMessages';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { HostMessageSchema } from '../../../src/core/protocol/review';
import { FIVE_LEVELS, appendEvents, writeSyntheticGradedRun } from '../../helpers/syntheticGradedRun';
import { scratchDir } from '../../helpers/scratch';

function gradedRun(criteria = 3): ReturnType<typeof writeSyntheticGradedRun> {
  return writeSyntheticGradedRun(join(scratchDir('graded-review'), 'run'), 6, { criteria });
}

test("a graded run's init names its scale, and its rows carry the judge's grade (the index keeps it between opens)", () => {
  const run = gradedRun();
  for (const open of [1, 2]) {
    const { session } = ReviewSession.open(run.dir, 'Ana');
    const sequence = openingMessages(session, { selectedItemId: null, role: 'annotator', categories: [], blind: false, canUndo: false });
    assert.ok(HostMessageSchema.safeParse(sequence.init).success, `open ${open}`);
    assert.deepEqual(sequence.init.view?.scale, FIVE_LEVELS);
    const rows = session.rows();
    for (const row of rows) {
      const line = run.lines.get(row.id);
      assert.deepEqual(
        row.grades,
        { auto: line?.grade, criteria: (line?.criteria ?? []).map((c) => ({ auto: c.grade })) },
        `open ${open}, item ${row.id}`,
      );
    }
  }
});

test("a graded item's detail lists its criteria with the judge's level, reasoning and reply, and who decided what", () => {
  const run = gradedRun();
  const line = run.lines.get('1');
  assert.ok(line !== undefined);
  appendEvents(run, [
    newAdjudicationEvent({
      itemId: '1',
      annotator: 'Ana',
      role: 'annotator',
      state: { grade: 0.5, hallucination: null, note: 'half' },
      criterion: '2',
      current: line,
    }),
    newAdjudicationEvent({
      itemId: '1',
      annotator: 'Ben',
      role: 'annotator',
      state: { grade: 0.5, hallucination: null, note: '' },
      criterion: '2',
      current: line,
    }),
  ]);
  const { session } = ReviewSession.open(run.dir, 'Ana');
  const detail = session.detail('1', false);
  assert.ok(HostMessageSchema.safeParse({ type: 'item', detail }).success);
  assert.equal(detail.criteria?.length, 3);
  const [first, second] = detail.criteria ?? [];
  assert.deepEqual(first?.judge, {
    grade: line.criteria?.[0]?.grade,
    level: line.criteria?.[0]?.level,
    reasoning: 'why 1.1',
    reply: line.criteria?.[0]?.judgeReply,
  });
  assert.equal(first?.mine, null);
  assert.deepEqual(second?.mine, { grade: 0.5, hallucination: null, note: 'half' });
  assert.deepEqual(second?.final, { grade: 0.5, source: 'agreement', by: ['Ana', 'Ben'] });
  assert.deepEqual(
    second?.annotators.map((a) => a.annotator),
    ['Ana', 'Ben'],
  );
  // The item's human grade: criterion 2 by the annotators, the others by the judge, by the mean with null as 0.
  const [j1 = 0, , j3 = 0] = (line.criteria ?? []).map((c) => c.grade ?? 0);
  assert.equal(detail.grade?.final?.grade, (j1 + 0.5 + j3) / 3);
  assert.equal(detail.grade?.auto, line.grade);
  assert.equal(session.mine('1', '2').state.grade, 0.5);
  assert.equal(session.mine('1').state.grade, undefined);
  const row = session.rows().find((r) => r.id === '1');
  assert.equal(row?.grades?.human, (j1 + 0.5 + j3) / 3);
});

test('the page may send a grade on the scale for a criterion; a verdict, a grade off the scale or a flag on a criterion are refused', () => {
  const run = gradedRun();
  const schema = webviewMessageSchemaFor(run.dir);
  const message = (decision: object, criterion?: string): unknown => ({
    type: 'adjudicate',
    requestId: 1,
    itemId: '0',
    decision: { hallucination: null, note: '', ...decision },
    ...(criterion === undefined ? {} : { criterion }),
  });
  assert.ok(schema.safeParse(message({ grade: 0.75 }, '1')).success);
  assert.ok(schema.safeParse(message({ grade: null }, '1')).success);
  assert.ok(schema.safeParse(message({}, '1')).success);
  const off = schema.safeParse(message({ grade: 0.6 }, '1'));
  assert.match(off.error?.issues[0]?.message ?? '', /0\.6 is not on this run's scale \(CLASS_UNMET = 0/);
  assert.match(schema.safeParse(message({ verdict: true })).error?.issues[0]?.message ?? '', /takes grades/);
  assert.match(
    schema
      .safeParse(message({ grade: 1, hallucination: 'other' }, '1'))
      .error?.issues.map((i) => i.message)
      .join() ?? '',
    /holds no flag/,
  );
});

test('a binary run refuses grades and criteria from the page', () => {
  const dir = join(scratchDir('graded-review'), 'binary');
  const run = writeSyntheticGradedRun(dir, 2, { criteria: 0 });
  // A binary run: the same folder without a scale.
  const manifestPath = join(run.dir, 'run.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  delete manifest['scale'];
  writeFileSync(manifestPath, JSON.stringify(manifest));
  const schema = webviewMessageSchemaFor(run.dir);
  const base = { type: 'adjudicate', requestId: 1, itemId: '0' };
  assert.match(
    schema.safeParse({ ...base, decision: { grade: 1, hallucination: null, note: '' } }).error?.issues[0]?.message ?? '',
    /takes verdicts/,
  );
  assert.match(
    schema.safeParse({ ...base, criterion: '1', decision: { verdict: true, hallucination: null, note: '' } }).error?.issues[0]?.message ??
      '',
    /no criteria/,
  );
});

test("a graded row carries each criterion's judge, final and own grades, and judge ≠ human where a criterion's levels differ (kept by the index)", () => {
  const run = gradedRun();
  const line = run.lines.get('2');
  assert.ok(line !== undefined);
  const judge = (line.criteria ?? []).map((c) => c.grade);
  const other = FIVE_LEVELS.levels.find((l) => l.value !== judge[0])?.value ?? 0;
  const same = judge[1] ?? null;
  appendEvents(run, [
    newAdjudicationEvent({
      itemId: '2',
      annotator: 'Ana',
      role: 'annotator',
      state: { grade: same, hallucination: null, note: '' },
      criterion: '2',
      current: line,
    }),
  ]);
  for (const open of [1, 2]) {
    const { session } = ReviewSession.open(run.dir, 'Ana', { searchInRows: open === 1 });
    const row = session.row('2');
    assert.deepEqual(
      row?.grades?.criteria,
      [{ auto: judge[0] }, { auto: judge[1], human: same, mine: same }, { auto: judge[2] }],
      `open ${open}`,
    );
    assert.equal(row?.disagreement, false, 'the same level as the judge');
    assert.deepEqual(
      session.row('3')?.grades?.criteria?.map((c) => c.auto),
      (run.lines.get('3')?.criteria ?? []).map((c) => c.grade),
    );
  }
  appendEvents(run, [
    newAdjudicationEvent({
      itemId: '2',
      annotator: 'Ben',
      role: 'adjudicator',
      state: { grade: other, hallucination: null, note: '' },
      criterion: '1',
      current: line,
    }),
  ]);
  const { session } = ReviewSession.open(run.dir, 'Ana', { searchInRows: false });
  const row = session.row('2');
  assert.deepEqual(row?.grades?.criteria?.[0], { auto: judge[0], human: other });
  assert.equal(row?.disagreement, true, 'criterion 1 a level apart');
});
