// Issue 36, item 8 (webview): a flag or a note without a verdict is not called a skip, and a search restored
// with the panel (after a restart) shows that it filters the list, with a way to clear it.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { init, item, rows, yokaiDetail } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

describe('review webview: what the state of a review says', () => {
  test('"Your decision" names a flag or a note given without a verdict; only an empty decision is a skip', async () => {
    m = await mount();
    m.deliver(init({ selectedItemId: '0' }));
    m.deliver(item(yokaiDetail('0', { mine: { hallucination: 'invented-entity', note: '' } })));
    assert.equal(textOf(m.$('.decision-summary')), 'no verdict yet (flagged)');
    m.deliver(item(yokaiDetail('0', { mine: { hallucination: 'invented-entity', note: 'the shrine is wrong' } })));
    assert.equal(textOf(m.$('.decision-summary')), 'no verdict yet (flagged, a note)');
    m.deliver(item(yokaiDetail('0', { mine: { hallucination: null, note: '' } })));
    assert.equal(textOf(m.$('.decision-summary')), 'no decision (skipped)');
    m.deliver(item(yokaiDetail('0', { mine: { verdict: false, hallucination: 'invented-entity', note: '' } })));
    assert.equal(textOf(m.$('.decision-summary')), 'verdict false');
  });

  test('the help says the name is asked once with git’s user.name filled in, as the extension asks it (issue 36 #11)', async () => {
    m = await mount();
    m.deliver(init());
    m.$('.vlist')?.focus();
    m.key('?', { shiftKey: true });
    const intro = textOf(m.$('.help-intro'));
    assert.match(intro, /asks once for your annotator name \(git’s user\.name filled in: Enter keeps it\)/);
    assert.doesNotMatch(intro, /if neither the setting nor git gives one/);
  });

  test('a search restored after a restart says it filters the list, and Clear shows every item again', async () => {
    m = await mount({ state: { itemId: '7', filter: `all?q=${encodeURIComponent('問題 7')}`, scrollTop: 0, runDir: '/runs/r1' } });
    m.deliver(init({ rows: rows(20) }));
    await new Promise((r) => setTimeout(r, 0));
    const on = m.$('.list-search-on') as HTMLElement;
    assert.equal(on.hidden, false, 'the search is said to be on');
    assert.match(textOf(on), /search “問題 7”/);
    assert.match(textOf(m.$('.list-shown')), /^\d+ items? shown \(of 20\)$/);
    (on.querySelector('button') as HTMLElement).click();
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(on.hidden, true);
    assert.equal(textOf(m.$('.list-shown')), '20 items shown');
    assert.equal((m.$('.search') as HTMLElement & { value: string }).value, '');
  });
});
