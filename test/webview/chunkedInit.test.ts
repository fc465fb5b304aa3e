import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { type ItemRow, WebviewMessageSchema } from '../../src/core/protocol/review';
import { header, init, item, rows, yokaiDetail } from './fixtures';
import { type Mounted, mount } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const ids = (mounted: Mounted): string[] => Array.from({ length: mounted.app.store.size }, (_, p) => mounted.app.store.rowAt(p)?.id ?? '');

async function search(mounted: Mounted, query: string): Promise<void> {
  const field = mounted.$('.search') as HTMLElement & { value: string };
  field.value = query;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await mounted.settle(200);
}

const N = 1000;

describe('review webview: rows in chunks after the first screen', () => {
  test('the first screen shows at once with its item; the chunks add every row in dataset order, the selection kept', async () => {
    m = await mount();
    const all = rows(N);
    // The first screen around the selected item 500, as the host sends it; the rest in chunks of 300.
    m.deliver(init({ rows: all.slice(470, 530), header: header({ items: N }), selectedItemId: '500', rowsToCome: N - 60 }));
    assert.equal(m.app.store.selectedId, '500');
    assert.equal(m.last('select')?.itemId, '500');
    m.deliver(item(yokaiDetail('500')));
    assert.ok(m.$('.detail-columns .choices'), 'the selected item is shown before the other rows arrive');
    assert.equal(m.app.store.size, 60);
    const rest: ItemRow[] = [...all.slice(0, 470), ...all.slice(530)];
    const chunks: ItemRow[][] = [];
    for (let i = 0; i < rest.length; i += 300) chunks.push(rest.slice(i, i + 300));
    m.clearPosted();
    chunks.forEach((chunk, i) => m?.deliver({ type: 'rowChunk', rows: chunk, done: i === chunks.length - 1 }));
    assert.deepEqual(
      ids(m),
      all.map((r) => r.id),
      'every row, in dataset order',
    );
    assert.equal(m.app.store.selectedId, '500');
    assert.equal(m.app.store.selectedPosition, 500);
    assert.equal(m.posted('select').length, 0, 'the chunks do not reselect');
    assert.equal(m.$('#item-row-500')?.getAttribute('aria-selected'), 'true', 'the selected row is drawn where it belongs, in view');
    m.key('j');
    assert.equal(m.last('select')?.itemId, '501');
  });

  test('both ends check the new messages: a malformed chunk or answer is ignored, an oversized query refused', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(10), rowsToCome: 5 }));
    m.deliver({ type: 'rowChunk', rows: [{ id: 11 }], done: true });
    m.deliver({ type: 'searchResult', query: 'x', ids: 'all' });
    assert.equal(m.app.store.size, 10, 'nothing was taken from the malformed messages');
    m.deliver({ type: 'rowChunk', rows: rows(15).slice(10), done: true });
    assert.equal(m.app.store.size, 15);
    assert.equal(WebviewMessageSchema.safeParse({ type: 'search', query: 'かっぱ' }).success, true);
    assert.equal(
      WebviewMessageSchema.safeParse({ type: 'search', query: 'x'.repeat(1001) }).success,
      false,
      'the host refuses a query beyond 1 000 characters',
    );
  });

  test('an init without rowsToCome is complete, as before', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(30) }));
    assert.equal(m.app.store.size, 30);
    assert.equal(m.last('select')?.itemId, '0');
  });

  test('rows without search text are searched on the host: the query goes out, the answer filters the list', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(40), header: header({ items: 40 }) }));
    m.clearPosted();
    await search(m, '河童');
    assert.deepEqual(
      m.posted('search').map((s) => s.query),
      ['河童'],
    );
    assert.equal(m.app.store.size, 0, 'no label holds the word: nothing until the host answers');
    m.deliver({ type: 'searchResult', query: '河童', ids: ['3', '17', '25'] });
    assert.deepEqual(ids(m), ['3', '17', '25']);
    m.deliver({ type: 'searchResult', query: '天狗', ids: ['1'] });
    assert.deepEqual(ids(m), ['3', '17', '25'], 'an answer to another query is not applied');
    await search(m, '問題 12');
    assert.ok(ids(m).includes('12'), 'the label still matches while the host is asked');
    await search(m, '');
    assert.equal(m.app.store.size, 40);
  });
});
