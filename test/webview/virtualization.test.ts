import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { ROW_HEIGHT } from '../../webview/rowView';
import { header, init, rows } from './fixtures';
import { type Mounted, mount } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const N = 100_000;

function renderedPositions(mounted: Mounted): number[] {
  return mounted.$$('[role="option"]').map((o) => Number(o.getAttribute('aria-posinset')) - 1);
}

describe('review webview: virtualized list', () => {
  test('100 000 rows: fewer than 200 row elements, a spacer of the full height, positions announced', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(N), header: header({ items: N }) }));
    const options = m.$$('[role="option"]');
    assert.ok(options.length > 0 && options.length < 200, `${options.length} row elements`);
    assert.equal(m.$('.vlist-canvas')?.style.height, `${N * ROW_HEIGHT}px`);
    assert.equal(options[0]?.getAttribute('aria-setsize'), String(N));
    assert.equal(m.root.querySelectorAll('.row').length, options.length, 'no hidden rows either');
  });

  test('scrolling changes which rows exist (and keeps the selected one for aria-activedescendant)', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(N), header: header({ items: N }) }));
    const list = m.$('[role="listbox"]');
    assert.ok(list);
    assert.ok(renderedPositions(m).includes(0));
    list.scrollTop = 50_000 * ROW_HEIGHT;
    list.dispatchEvent(new Event('scroll'));
    const positions = renderedPositions(m);
    assert.ok(positions.length < 200);
    assert.ok(positions.includes(50_000), 'rows around the scroll position exist');
    assert.ok(positions.includes(0), 'the selected row stays');
    assert.ok(!positions.includes(1), 'rows near the top are gone');
    const selectedId = list.getAttribute('aria-activedescendant');
    assert.ok(selectedId !== null && document.getElementById(selectedId) !== null);
  });

  test('End and Home move the selection and the rendered window', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(N), header: header({ items: N }) }));
    const list = m.$('[role="listbox"]');
    assert.ok(list);
    list.focus();
    m.clearPosted();
    m.key('End');
    assert.deepEqual(m.last('select'), { type: 'select', itemId: String(N - 1) });
    let positions = renderedPositions(m);
    assert.ok(positions.includes(N - 1) && !positions.includes(10) && positions.length < 200);
    assert.equal(list.getAttribute('aria-activedescendant'), `item-row-${N - 1}`);
    m.key('Home');
    assert.deepEqual(m.last('select'), { type: 'select', itemId: '0' });
    positions = renderedPositions(m);
    assert.ok(positions.includes(0) && !positions.includes(N - 1));
  });

  test('a filter change over 100 000 rows and a keystroke stay fast', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(N), header: header({ items: N }) }));
    const chip = m.$('.chip[data-filter="auto:false"]');
    assert.ok(chip);
    let start = performance.now();
    chip.click();
    const filterMs = performance.now() - start;
    assert.equal(m.app.store.size, N / 5);
    assert.ok(filterMs < 2000, `filter took ${filterMs.toFixed(1)} ms`);
    m.$('[role="listbox"]')?.focus();
    start = performance.now();
    for (let i = 0; i < 50; i++) m.key('j');
    const perKey = (performance.now() - start) / 50;
    assert.ok(perKey < 50, `a keystroke took ${perKey.toFixed(2)} ms`);
    // The filter hid the selected item 0, so the detail moved to the first row it lists (1); each j then moves one listed row.
    assert.equal(m.last('select')?.itemId, String(1 + 50 * 5), 'from the first listed row, fifty rows on');
  });
});
