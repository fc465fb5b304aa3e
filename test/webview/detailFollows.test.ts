// Issue 29, item 9: the detail follows the filtered list (the first item it leaves, or a notice when none).
// `o` bringing the compared reference into view (in its own column) is paneScroll.test.ts's.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { init, item, rows, yokaiDetail } from './fixtures';
import { type Mounted, mount, searchFor as search, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

describe('review webview: the detail follows the filter', () => {
  test('a filter that hides the item shown selects the first item it leaves; a search that leaves none shows a notice; clearing it brings the item back', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(20) }));
    m.deliver(item(yokaiDetail('0')));
    await m.settle();
    m.clearPosted();
    (m.$('.chip[data-filter="auto:false"]') as HTMLElement).click();
    await m.settle();
    assert.equal(m.last('select')?.itemId, '1', 'item 0 (judge: true) is hidden: the first false item is shown');
    m.deliver(item(yokaiDetail('1', { auto: 'false' })));
    assert.equal(m.$('.row[data-item-id="1"]')?.getAttribute('aria-selected'), 'true');

    m.clearPosted();
    await search(m, 'nothing-matches');
    const asked = m.last('search');
    assert.ok(asked !== undefined);
    m.deliver({ type: 'searchResult', query: asked.query, ids: [] });
    await m.settle();
    assert.equal(m.app.store.size, 0);
    assert.match(textOf(m.$('.detail-scroll')), /No item matches the filter or the search/);
    assert.equal(m.$('.detail-scroll .choice'), null, 'the hidden item’s detail is gone');
    m.$('.vlist')?.focus();
    m.key('t');
    assert.equal(m.posted('adjudicate').length, 0, 'no decision on an item the list does not show');

    m.clearPosted();
    await search(m, '');
    await m.settle();
    assert.equal(m.last('select')?.itemId, '1', 'the kept selection is shown again');
    m.deliver(item(yokaiDetail('1', { auto: 'false' })));
    await m.settle();
    assert.doesNotMatch(textOf(m.$('.detail-scroll')), /No item matches/);
    assert.equal(m.$$('.detail-scroll .choice').length, 4, 'its detail is drawn again');
  });
});
