import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type LoggedEvent } from '../../../src/core/adjudication/adjudicationLog';
import { adjudicateItem } from '../../../src/core/adjudication/itemAdjudication';
import { adjudicatedScore } from '../../../src/core/adjudication/adjudicatedScore';
import { basisOf, lineBasisDigest } from '../../../src/core/runs/decisionBasis';
import { type AdjudicationEvent } from '../../../src/core/adjudication/event';
import { type ResultLine } from '../../../src/core/runs/resultLine';

const line = (itemId: string, verdict: boolean | null, response = 'r'): ResultLine => ({
  itemId,
  itemHash: 'a'.repeat(64),
  time: '2026-01-01T00:00:00.000Z',
  inputs: {},
  prompt: null,
  response,
  judgeReply: String(verdict),
  verdict,
  scores: {},
  usage: null,
  latencyMs: null,
  error: null,
});

let seq = 0;
function ev(l: ResultLine, annotator: string, time: string, fields: Partial<AdjudicationEvent> = {}): LoggedEvent {
  seq += 1;
  const event: AdjudicationEvent = {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    itemId: l.itemId,
    annotator,
    role: 'annotator',
    time,
    hallucination: null,
    note: '',
    basis: basisOf(l),
    ...fields,
  };
  return { event, line: seq };
}

const T1 = '2026-01-01T10:00:00.000Z';
const T2 = '2026-01-01T11:00:00.000Z';

test('per annotator the latest time wins; a tie goes to the later line', () => {
  const l = line('1', null);
  const a = adjudicateItem('1', [ev(l, 'ana', T2, { verdict: true }), ev(l, 'ana', T1, { verdict: false })], lineBasisDigest(l));
  assert.equal(a.final?.verdict, true);
  const b = adjudicateItem('1', [ev(l, 'ana', T1, { verdict: true }), ev(l, 'ana', T1, { verdict: false })], lineBasisDigest(l));
  assert.equal(b.final?.verdict, false);
});

test('annotators who agree make the final verdict; disagreement is a conflict with none', () => {
  const l = line('1', null);
  const agree = adjudicateItem(
    '1',
    [ev(l, 'ana', T1, { verdict: true }), ev(l, 'ben', T1, { verdict: true }), ev(l, 'cy', T1, {})],
    lineBasisDigest(l),
  );
  assert.deepEqual([agree.final?.verdict, agree.final?.source, agree.conflict], [true, 'agreement', false]);
  assert.deepEqual(agree.final?.by, ['ana', 'ben'], 'an annotator with no decision does not count');
  const disagree = adjudicateItem('1', [ev(l, 'ana', T1, { verdict: true }), ev(l, 'ben', T1, { verdict: null })], lineBasisDigest(l));
  assert.deepEqual([disagree.final, disagree.conflict], [null, true]);
});

test('the latest non-stale adjudicator decision is final, over any annotators', () => {
  const l = line('1', false);
  const events = [
    ev(l, 'ana', T1, { verdict: true }),
    ev(l, 'ben', T1, { verdict: null }),
    ev(l, 'lead', T1, { verdict: false, role: 'adjudicator' }),
    ev(l, 'chief', T2, { verdict: true, role: 'adjudicator' }),
  ];
  const a = adjudicateItem('1', events, lineBasisDigest(l));
  assert.deepEqual([a.final?.verdict, a.final?.source, a.final?.by], [true, 'adjudicator', ['chief']]);
});

test('an event made on another result is stale: shown, never counted', () => {
  const old = line('1', null, 'old response');
  const now = line('1', null, 'new response');
  const a = adjudicateItem('1', [ev(old, 'ana', T1, { verdict: true, hallucination: 'invented-entity' })], lineBasisDigest(now));
  assert.equal(a.final, null);
  assert.equal(a.stale, true);
  assert.deepEqual(a.flags, []);
  assert.equal(a.annotators[0]?.stale, true);
});

test('adjudicated accuracy puts human verdicts in place of automatic ones; overrides by direction', () => {
  const lines = new Map([
    ['0', line('0', true)],
    ['1', line('1', null)],
    ['2', line('2', false)],
    ['3', line('3', true)],
  ]);
  const items = ['0', '1', '2', '3', '4'];
  const digestOf = (l: ResultLine | undefined): string | undefined => (l === undefined ? undefined : lineBasisDigest(l));
  const adjudications = new Map([
    [
      '1',
      adjudicateItem(
        '1',
        [ev(lines.get('1') ?? line('1', null), 'ana', T1, { verdict: true, hallucination: 'other' })],
        digestOf(lines.get('1')),
      ),
    ],
    ['3', adjudicateItem('3', [ev(lines.get('3') ?? line('3', true), 'ana', T1, { verdict: false })], digestOf(lines.get('3')))],
    ['2', adjudicateItem('2', [ev(lines.get('2') ?? line('2', false), 'ana', T1, { verdict: false })], digestOf(lines.get('2')))],
  ]);
  const score = adjudicatedScore(items, lines, (id) => adjudications.get(id));
  assert.equal(score.accuracy, 2 / 5, 'item 0 (auto true) and item 1 (human true); item 3 overridden to false; 4 missing');
  assert.equal(score.items, 3);
  assert.deepEqual(score.overrides, { 'null->true': 1, 'true->false': 1 });
  assert.equal(score.flagged, 1);
  assert.deepEqual(score.flaggedByCategory, { other: 1 });
});
