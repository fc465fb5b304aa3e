import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { KEY_QUEUE_PATIENCE_MS } from '../../webview/keyQueue';
import { init, item, rows, yokaiDetail } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted;
/** Selections the fake host has not answered yet. */
let unanswered: string[] = [];

function list(): HTMLElement {
  const el = m.$('[role="listbox"]');
  assert.ok(el);
  return el;
}

/** Answers the selections posted so far, oldest first, as the host does (one item message each). */
function answerSelections(): void {
  const ids = unanswered;
  unanswered = [];
  for (const id of ids) m.deliver(item(yokaiDetail(id)));
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(async () => {
  m = await mount();
  const post = m.api.postMessage.bind(m.api);
  m.api.postMessage = (message: unknown): void => {
    post(message);
    const sent = message as { type?: string; itemId?: string };
    if (sent.type === 'select' && typeof sent.itemId === 'string') unanswered.push(sent.itemId);
  };
  unanswered = [];
  m.deliver(init({ rows: rows(30) }));
  list().focus();
  answerSelections();
  await m.settle();
  m.clearPosted();
});

afterEach(() => m.unmount());

describe('review webview: keys pressed faster than the host answers', () => {
  test('j then a verdict within a few ms, many times: every decision lands on its item, in order', async () => {
    const verdictKeys = ['t', 'f', 'n', 't', 't', 'f', 'n', 'f', 't', 'n', 't', 'f'];
    const expected = verdictKeys.map((key, i) => ({ itemId: String(i + 1), verdict: key === 't' ? true : key === 'f' ? false : null }));
    for (const [i, key] of verdictKeys.entries()) {
      m.key('j');
      await pause(i % 3);
      m.key(key);
      // The host answers some selections before the next pair and lets others pile up.
      if (i % 4 === 1) answerSelections();
      await pause(i % 2);
    }
    for (let round = 0; round < 40 && m.posted('adjudicate').length < expected.length; round++) {
      answerSelections();
      await m.settle();
    }
    const decided = m.posted('adjudicate').map((a) => ({ itemId: a.itemId, verdict: a.decision.verdict }));
    assert.deepEqual(decided, expected);
    assert.equal(m.last('select')?.itemId, String(verdictKeys.length), 'the selection ends where the keys took it');
    assert.equal(list().getAttribute('aria-activedescendant'), `item-row-${String(verdictKeys.length)}`);
  });

  test('a flag chosen right after h on a loading item goes to that item; later keys wait behind it', async () => {
    m.key('j');
    m.key('h');
    m.key('2');
    m.key('j');
    m.key('t');
    assert.equal(m.posted('adjudicate').length, 0, 'nothing is decided before the item is shown');
    assert.match(textOf(m.$('.sr-only[role="status"]')), /still loading/);
    answerSelections();
    await m.settle();
    answerSelections();
    await m.settle();
    const sent = m
      .posted('adjudicate')
      .map((a) => ({ itemId: a.itemId, hallucination: a.decision.hallucination, verdict: a.decision.verdict }));
    assert.deepEqual(sent, [
      { itemId: '1', hallucination: 'wrong-region-or-period', verdict: undefined },
      { itemId: '2', hallucination: null, verdict: true },
    ]);
  });

  test('a row clicked while keys wait is selected after them', async () => {
    m.key('j');
    m.key('f');
    (m.$('#item-row-6') as HTMLElement).click();
    assert.deepEqual(
      m.posted('select').map((s) => s.itemId),
      ['1'],
    );
    answerSelections();
    await m.settle();
    assert.deepEqual(
      m.posted('adjudicate').map((a) => [a.itemId, a.decision.verdict]),
      [['1', false]],
    );
    assert.deepEqual(
      m.posted('select').map((s) => s.itemId),
      ['1', '6'],
    );
  });

  test('keys whose item never comes are reported, not dropped silently', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    m.key('j');
    m.key('t');
    m.key('j');
    t.mock.timers.tick(KEY_QUEUE_PATIENCE_MS + 1);
    assert.match(textOf(m.$('.message-bar')), /2 keys not applied: the item did not load/);
    t.mock.timers.reset();
    unanswered = [];
    m.deliver(item(yokaiDetail('1')));
    await m.settle();
    assert.equal(m.posted('adjudicate').length, 0, 'the reported keys are not applied later');
  });
});
