import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { FIVE_LEVELS } from '../helpers/syntheticGradedRun';
import { init, item, yokaiDetail } from './fixtures';
import { openGradedRun } from './gradedHost';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

function listFocus(mounted: Mounted): void {
  mounted.$('.vlist')?.focus();
}

function pressedLevel(mounted: Mounted): string[] {
  return mounted.$$('.grade-button[aria-pressed="true"]').map((b) => textOf(b));
}

describe('review webview: the decision bar of a graded run', () => {
  test('an ordinal scale: its levels in order with name and value, number keys choose them, n null, s no decision', async () => {
    m = await mount();
    const host = await openGradedRun(m, 4, { criteria: 0 });
    const mounted = m;
    assert.ok(mounted.$('.verdict-buttons')?.hidden, 'no true/false/null buttons');
    const levels = mounted.$$('.grade-level').map((b) => textOf(b));
    assert.deepEqual(levels, [
      'CLASS_UNMET 0 1',
      'CLASS_SLIGHTLY_MET 0.25 2',
      'CLASS_MODERATELY_MET 0.5 3',
      'CLASS_MAJORLY_MET 0.75 4',
      'CLASS_EXACTLY_MET 1 5',
    ]);
    assert.deepEqual(
      levels.map((l) => l.split(' ')[0]),
      FIVE_LEVELS.levels.map((l) => l.name),
      'the scale’s order',
    );
    assert.equal(mounted.$('.adj-others .subheading')?.textContent, 'Final grade');
    listFocus(mounted);
    mounted.clearPosted();
    mounted.key('4');
    assert.deepEqual(mounted.last('adjudicate'), {
      type: 'adjudicate',
      requestId: 1,
      itemId: '0',
      decision: { grade: 0.75, hallucination: null, note: '' },
      blind: false,
    });
    assert.deepEqual(pressedLevel(mounted), ['CLASS_MAJORLY_MET 0.75 4'], 'shown at once');
    assert.match(textOf(mounted.$('[role="status"].sr-only')), /Grade CLASS_MAJORLY_MET 0\.75/, 'announced');
    await host.answer();
    assert.equal(host.session.mine('0').state.grade, 0.75, 'the host wrote the grade');
    assert.deepEqual(pressedLevel(mounted), ['CLASS_MAJORLY_MET 0.75 4'], 'kept once saved');
    assert.match(textOf(mounted.$('.final')), /CLASS_MAJORLY_MET 0\.75 agreed by alice/);
    assert.match(textOf(mounted.$('.decision-summary')), /grade CLASS_MAJORLY_MET 0\.75/);
    mounted.key('n');
    assert.equal(mounted.last('adjudicate')?.decision.grade, null, 'n: null on the scale');
    await host.answer();
    assert.deepEqual(pressedLevel(mounted), ['Null n']);
    mounted.key('s');
    assert.equal('grade' in (mounted.last('adjudicate')?.decision ?? {}), false, 's: no decision');
    await host.answer();
    const posts = mounted.posted('adjudicate').length;
    mounted.key('t');
    mounted.key('6');
    assert.equal(mounted.posted('adjudicate').length, posts, 't and a key past the last level decide nothing');
    assert.match(textOf(mounted.$('[role="status"].sr-only')), /5 levels/);
    mounted.key('1');
    await host.answer();
    assert.equal(host.session.mine('0').state.grade, 0);
    (mounted.$$('.grade-level')[4] as HTMLElement).click();
    await host.answer();
    assert.equal(host.session.mine('0').state.grade, 1, 'a click on a level decides too');
  });

  test('a numeric scale: a digit opens the typed value, Enter sends a value within range, one out of range is refused', async () => {
    m = await mount();
    const host = await openGradedRun(m, 3, { criteria: 0, scale: { kind: 'numeric', min: 1, max: 10 } });
    const mounted = m;
    assert.equal(mounted.$$('.grade-level').length, 0);
    const input = mounted.$('.grade-input') as HTMLInputElement;
    assert.ok(input.closest('[hidden]') === null, 'the value field shows');
    listFocus(mounted);
    mounted.clearPosted();
    mounted.key('7');
    assert.equal(document.activeElement, input, 'the digit puts the focus in the field');
    assert.equal(input.value, '7');
    input.value = '7.5';
    mounted.key('Enter', {}, input);
    assert.equal(mounted.last('adjudicate')?.decision.grade, 7.5);
    await host.answer();
    assert.equal(host.session.mine('0').state.grade, 7.5);
    assert.equal(input.value, '7.5', 'the field shows the saved value');
    const before = mounted.posted('adjudicate').length;
    input.focus();
    input.value = '11';
    mounted.key('Enter', {}, input);
    assert.equal(mounted.posted('adjudicate').length, before, 'off the scale: not sent');
    assert.equal(input.getAttribute('aria-invalid'), 'true');
    assert.match(textOf(mounted.$('.grade-input-help')), /Not a grade: 1 to 10, or null/);
    input.value = 'null';
    mounted.key('Enter', {}, input);
    assert.equal(mounted.last('adjudicate')?.decision.grade, null);
    assert.notEqual(document.activeElement, input, 'Enter leaves the field');
  });

  test('a binary run keeps its verdict buttons; number keys decide nothing there', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver(item(yokaiDetail('0')));
    listFocus(m);
    m.clearPosted();
    assert.ok(m.$('.grade-bar')?.hidden);
    assert.equal(m.$('.verdict-buttons')?.hidden, false);
    m.key('3');
    assert.equal(m.posted('adjudicate').length, 0);
    m.key('t');
    assert.deepEqual(m.last('adjudicate')?.decision, { verdict: true, hallucination: null, note: '' });
  });
});
