import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { init, row, rows } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

function chip(mounted: Mounted, id: string): HTMLElement {
  const el = mounted.$(`.chip[data-filter="${id}"]`);
  assert.ok(el, id);
  return el;
}

const REVIEWED = rows(20, (i) => ({
  auto: i < 12 ? 'true' : i < 17 ? 'false' : i < 19 ? 'null' : 'error',
  human: i === 0 ? 'false' : 'none',
  mine: i === 0 ? 'false' : i === 1 ? 'skipped' : 'none',
  disagreement: i === 0,
  flagged: i === 2 || i === 5,
  stale: i === 5,
  conflict: i === 6,
}));

describe('review webview: filters', () => {
  test('every filter shows its count; empty error/missing filters are hidden', async () => {
    m = await mount();
    m.deliver(init({ rows: REVIEWED }));
    const counts = Object.fromEntries(
      m
        .$$('.chip')
        .filter((c) => !c.hidden)
        .map((c) => [c.dataset['filter'], textOf(c.querySelector('.chip-count'))]),
    );
    assert.deepEqual(counts, {
      all: '20',
      todo: '18',
      adjudicated: '2',
      flagged: '2',
      disagreement: '1',
      conflict: '1',
      stale: '1',
      'auto:true': '12',
      'auto:false': '5',
      'auto:null': '2',
      'auto:error': '1',
    });
    assert.equal(chip(m, 'auto:missing').hidden, true);
    assert.equal(chip(m, 'all').getAttribute('aria-pressed'), 'true');
    assert.match(chip(m, 'auto:false').getAttribute('aria-label') ?? '', /Judge said false: 5 items/);
  });

  test('choosing a filter narrows the list, keeps the state and shows how many rows are shown', async () => {
    m = await mount();
    m.deliver(init({ rows: REVIEWED }));
    chip(m, 'auto:false').click();
    assert.equal(chip(m, 'auto:false').getAttribute('aria-pressed'), 'true');
    assert.equal(chip(m, 'all').getAttribute('aria-pressed'), 'false');
    assert.deepEqual(
      m
        .$$('[role="option"]')
        .map((o) => o.dataset['itemId'])
        .filter((id) => id !== '0'),
      ['12', '13', '14', '15', '16'],
    );
    assert.match(textOf(m.$('.list-status')), /5 items shown/);
    chip(m, 'todo').click();
    assert.equal(m.app.store.size, 18);
    chip(m, 'flagged').click();
    assert.equal(m.app.store.size, 2);
    chip(m, 'stale').click();
    assert.equal(m.app.store.size, 1);
    chip(m, 'conflict').click();
    assert.equal(m.app.store.rowAt(0)?.id, '6');
    chip(m, 'disagreement').click();
    assert.equal(m.app.store.rowAt(0)?.id, '0');
    chip(m, 'adjudicated').click();
    assert.equal(m.app.store.size, 2);
    chip(m, 'auto:error').click();
    assert.equal(m.app.store.rowAt(0)?.id, '19');
    await m.settle(250);
    assert.equal((m.api.state as { filter: string }).filter, 'auto:error');
  });

  test('a decided row stays in a "to do" list until the filter is re-applied', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(5) }));
    chip(m, 'todo').click();
    m.deliver({ type: 'rows', header: init().header, rows: [row(2, { mine: 'true', human: 'true' })] });
    assert.equal(m.app.store.size, 5);
    assert.equal(m.$('.list-outdated')?.hidden, false);
    assert.equal(textOf(chip(m, 'todo').querySelector('.chip-count')), '4');
    (m.$('.list-outdated .link-button') as HTMLElement).click();
    assert.equal(m.app.store.size, 4);
    assert.equal(m.$('.list-outdated')?.hidden, true);
  });

  test('the search field filters by id or text after a short pause', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(30, (i) => ({ label: i === 17 ? '河童 kappa' : `item ${i}` })) }));
    const search = m.$('.search') as HTMLElement & { value: string };
    search.value = 'KAPPA';
    search.dispatchEvent(new Event('input', { bubbles: true }));
    assert.equal(m.app.store.size, 30, 'not on every keystroke');
    await m.settle(200);
    assert.equal(m.app.store.size, 1);
    assert.equal(m.app.store.rowAt(0)?.id, '17');
    search.value = '河童';
    m.key('Enter', {}, search);
    assert.equal(m.app.store.size, 1);
    assert.equal(document.activeElement, m.$('[role="listbox"]'));
    m.key('Escape', {}, search);
    assert.equal(m.app.store.size, 30, 'Escape clears the search');
  });

  test('Escape in the search field empties the field the reviewer typed into, not only the filter', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(30, (i) => ({ label: i === 17 ? '河童 kappa' : `item ${i}` })) }));
    await m.settle();
    const search = m.$('.search') as HTMLElement & { value: string; wrappedElement?: HTMLInputElement };
    const typed = search.wrappedElement;
    assert.ok(typed !== undefined, 'the text field renders its input');
    typed.value = 'kappa';
    typed.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    await m.settle(200);
    assert.equal(m.app.store.size, 1);
    m.key('Escape', {}, typed);
    assert.equal(m.app.store.size, 30);
    assert.equal(typed.value, '', 'the text is gone at once');
    await m.settle();
    assert.equal(typed.value, '');
    assert.equal(search.value, '');
  });
});
