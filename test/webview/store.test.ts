import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { countAll, formatFilterState, isReviewed, parseFilterState } from '../../webview/filters';
import { ReviewStore } from '../../webview/store';
import { row, rows } from './fixtures';

describe('review store (no DOM)', () => {
  test('counts every filter in one pass', () => {
    const all = rows(10, (i) => ({
      auto: (['true', 'false', 'null', 'error', 'missing'] as const)[i % 5],
      human: i === 0 ? 'false' : 'none',
      mine: i === 1 ? 'skipped' : 'none',
      flagged: i < 3,
      stale: i === 9,
      conflict: i === 8,
      disagreement: i === 0,
    }));
    const counts = countAll(all);
    assert.deepEqual(counts, {
      all: 10,
      todo: 8,
      adjudicated: 2,
      flagged: 3,
      stale: 1,
      conflict: 1,
      disagreement: 1,
      'auto:true': 2,
      'auto:false': 2,
      'auto:null': 2,
      'auto:error': 2,
      'auto:missing': 2,
    });
    assert.equal(isReviewed(row(0, { reviewed: true })), true, 'the host’s definition, as sent');
    assert.equal(isReviewed(row(0, { human: 'null', reviewed: false })), false);
  });

  test('filters, queries and their persisted form', () => {
    const store = new ReviewStore();
    store.load(rows(10, (i) => ({ label: i === 7 ? 'Kappa in the river' : `item ${i}` })));
    store.setFilter({ filter: 'auto:false', query: '' });
    assert.deepEqual(
      [0, 1].map((p) => store.rowAt(p)?.id),
      ['1', '6'],
    );
    store.setFilter({ filter: 'all', query: 'KAPPA' });
    assert.equal(store.size, 1);
    assert.equal(store.rowAt(0)?.id, '7');
    assert.equal(formatFilterState({ filter: 'flagged', query: 'a b?' }), 'flagged?q=a%20b%3F');
    assert.deepEqual(parseFilterState('flagged?q=a%20b%3F'), { filter: 'flagged', query: 'a b?' });
    assert.deepEqual(parseFilterState('nonsense'), { filter: 'all', query: '' });
    assert.deepEqual(parseFilterState('stale?q=%E0%A4%A'), { filter: 'stale', query: '' });
  });

  test('navigation from a selection inside and outside the filtered list', () => {
    const store = new ReviewStore();
    store.load(rows(20));
    store.setFilter({ filter: 'auto:false', query: '' }); // ids 1, 6, 11, 16
    assert.equal(store.step(1)?.id, '1', 'nothing selected: the first');
    store.select('6');
    assert.equal(store.step(1)?.id, '11');
    assert.equal(store.step(-1)?.id, '1');
    assert.equal(store.step(100)?.id, '16');
    store.select('8'); // not in the list
    assert.equal(store.selectedPosition, -1);
    assert.equal(store.step(1)?.id, '11');
    assert.equal(store.step(-1)?.id, '6');
    assert.equal(store.first()?.id, '1');
    assert.equal(store.last()?.id, '16');
  });

  test('J: next without my decision, wrapping to the top', () => {
    const store = new ReviewStore();
    store.load(rows(6, (i) => ({ mine: i === 2 || i === 3 || i === 5 ? 'true' : 'none' })));
    store.select('1');
    assert.deepEqual(store.nextUndecided(), { row: store.getRow('4'), wrapped: false });
    store.select('4');
    assert.deepEqual(store.nextUndecided(), { row: store.getRow('0'), wrapped: true });
    store.applyRows([0, 1, 4].map((i) => row(i, { mine: 'false' })));
    assert.equal(store.nextUndecided(), undefined);
  });

  test('changed rows keep their place until the filter is re-applied; counts follow at once', () => {
    const store = new ReviewStore();
    store.load(rows(10));
    store.setFilter({ filter: 'todo', query: '' });
    assert.equal(store.size, 10);
    const changed = store.applyRows([row(3, { mine: 'true' })]);
    assert.deepEqual(changed, [3]);
    assert.equal(store.size, 10, 'the decided row stays visible');
    assert.equal(store.outdated, true);
    assert.equal(store.counts.todo, 9);
    assert.equal(store.counts.adjudicated, 1);
    store.reapply();
    assert.equal(store.size, 9);
    assert.equal(store.outdated, false);
    store.applyRows([row(4, { label: 'new text' })]);
    assert.equal(store.outdated, false, 'a change that keeps membership is not worth a hint');
    store.applyRows([row(10, { label: 'appended' })]);
    assert.equal(store.getRow('10')?.label, 'appended');
    assert.equal(store.counts.all, 11);
  });

  test('100 000 rows: load and filter in one pass each, steps in O(log n)', () => {
    const store = new ReviewStore();
    const big = rows(100_000);
    let start = performance.now();
    store.load(big);
    const loadMs = performance.now() - start;
    start = performance.now();
    store.setFilter({ filter: 'auto:null', query: '' });
    const filterMs = performance.now() - start;
    assert.equal(store.size, 20_000);
    store.select('50003');
    start = performance.now();
    for (let i = 0; i < 10_000; i++) store.step(1);
    const stepMs = (performance.now() - start) / 10_000;
    assert.ok(
      loadMs < 3000 && filterMs < 1000 && stepMs < 0.5,
      `load ${loadMs.toFixed(1)} ms, filter ${filterMs.toFixed(1)} ms, step ${stepMs.toFixed(4)} ms`,
    );
  });
});
