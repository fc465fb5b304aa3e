import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { KEY_BINDINGS } from '../../webview/keyboard';
import { FIVE_LEVELS } from '../helpers/syntheticGradedRun';
import { openGradedRun } from './gradedHost';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

function level(value: number | null): string {
  return value === null ? 'null' : (FIVE_LEVELS.levels.find((l) => l.value === value)?.name ?? '?');
}

function selected(mounted: Mounted): string | undefined {
  return mounted.$('.criterion.is-selected')?.dataset['criterion'];
}

function announced(mounted: Mounted): string {
  return textOf(mounted.$('[role="status"].sr-only'));
}

describe('review webview: criteria of a graded item', () => {
  test('the list shows each criterion with its number, text, the judge’s level and reflection; ] and [ move; number keys decide the selected one', async () => {
    m = await mount();
    const host = await openGradedRun(m, 3, { criteria: 3 });
    const mounted = m;
    const line = host.run.lines.get('0');
    const rows = mounted.$$('.criterion');
    assert.deepEqual(
      rows.map((r) => r.dataset['criterion']),
      ['1', '2', '3'],
    );
    line?.criteria?.forEach((c, i) => {
      const text = textOf(rows[i]);
      assert.ok(text.includes(c.text), text);
      assert.ok(text.includes(`judge ${level(c.grade)}`), `${text} names the judge's level ${level(c.grade)}`);
      assert.ok(text.includes(`why 0.${i + 1}`), 'the reflection');
    });
    assert.match(textOf(rows[1]), /wrote “CLASS_SOMEWHAT”/, 'an unknown class as the judge wrote it');
    assert.equal(selected(mounted), '1');
    mounted.$('.vlist')?.focus();
    mounted.key(']');
    assert.equal(selected(mounted), '2');
    assert.match(announced(mounted), /Criterion 2, 2 of 3: criterion 2 of item 0/);
    mounted.key('[');
    assert.equal(selected(mounted), '1');
    mounted.clearPosted();
    mounted.key('4');
    assert.deepEqual(mounted.last('adjudicate'), {
      type: 'adjudicate',
      requestId: 1,
      itemId: '0',
      criterion: '1',
      decision: { grade: 0.75, hallucination: null, note: '' },
      blind: false,
    });
    assert.equal(selected(mounted), '2', 'the next criterion is selected');
    assert.match(announced(mounted), /Grade CLASS_MAJORLY_MET 0\.75 on criterion 1\. Now criterion 2 of 3/);
    await host.answer();
    assert.equal(host.session.mine('0', '1').state.grade, 0.75);
    mounted.key('1');
    await host.answer();
    mounted.key('n');
    await host.answer();
    assert.deepEqual(
      [1, 2, 3].map((c) => host.session.mine('0', String(c)).state.grade),
      [0.75, 0, null],
      'three criteria decided with the keyboard',
    );
    assert.match(textOf(mounted.$('.criteria-title')), /3 of 3 decided by you/);
    assert.match(textOf(mounted.$$('.criterion')[0]), /human CLASS_MAJORLY_MET 0\.75 you CLASS_MAJORLY_MET 0\.75/);
    // The item's grade: the mean of the criteria, a null one counting 0 as the run says.
    assert.match(textOf(mounted.$('.criteria-aggregate')), new RegExp(`human ${String(Math.round(((0.75 + 0 + 0) / 3) * 1000) / 1000)}`));
    assert.match(textOf(mounted.$('.final')), /mean of the criteria/);
    assert.equal(mounted.$('.verdict-buttons')?.hidden, true);
  });

  test('r shows and hides the raw judge reply of the selected criterion', async () => {
    m = await mount();
    const host = await openGradedRun(m, 2, { criteria: 3 });
    const mounted = m;
    mounted.$('.vlist')?.focus();
    assert.equal(mounted.$('.criterion-raw'), null);
    mounted.key(']');
    mounted.key('r');
    assert.equal(mounted.$('.criterion-raw')?.textContent, host.run.lines.get('0')?.criteria?.[1]?.judgeReply);
    assert.equal(mounted.$('.criterion-raw')?.closest('.criterion')?.getAttribute('data-criterion'), '2');
    mounted.key('r');
    assert.equal(mounted.$('.criterion-raw'), null);
  });

  test('undo brings back the criterion it changes, and selects it', async () => {
    m = await mount();
    const host = await openGradedRun(m, 2, { criteria: 3 });
    const mounted = m;
    mounted.$('.vlist')?.focus();
    mounted.key('5');
    await host.answer();
    mounted.key('3');
    await host.answer();
    assert.deepEqual([host.session.mine('0', '1').state.grade, host.session.mine('0', '2').state.grade], [1, 0.5]);
    assert.equal(selected(mounted), '3');
    mounted.key('u');
    await host.answer();
    assert.equal(host.session.mine('0', '2').state.grade, undefined, 'criterion 2 back to no decision');
    assert.equal(host.session.mine('0', '1').state.grade, 1, 'criterion 1 kept');
    assert.equal(selected(mounted), '2', 'the undone criterion is selected');
    assert.match(textOf(mounted.$$('.criterion')[1]), /you not decided/);
    mounted.key('u');
    await host.answer();
    assert.equal(host.session.mine('0', '1').state.grade, undefined);
    assert.equal(selected(mounted), '1');
  });

  test('the help lists the grade, criterion and raw-reply keys', async () => {
    m = await mount();
    await openGradedRun(m, 1, { criteria: 2 });
    m.$('.vlist')?.focus();
    m.key('?');
    const help = textOf(m.$('.help-dialog'));
    for (const key of ['[', ']', 'r'])
      assert.ok(
        KEY_BINDINGS.some((b) => b.keys.includes(key)),
        key,
      );
    assert.match(help, /1…9 or 0 Graded runs: the scale’s level/);
    assert.match(help, /\] Graded runs: next criterion/);
    assert.match(help, /r Graded runs: show or hide the judge’s raw reply/);
  });
});
