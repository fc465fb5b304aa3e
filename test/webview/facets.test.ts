import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { ReviewStore } from '../../webview/store';
import { KALAHI_RUN, header, init, kalahiRows, row, rows } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const YOKAI = rows(12, (i) => ({
  facets: {
    type: i % 3 === 0 ? '妖怪の伝承のある地域' : '妖怪の外見',
    region: ['北海道', '東北', '沖縄', '不明'][i % 4] ?? '',
    model: 'gpt-4o',
  },
  human: i < 4 ? 'true' : 'none',
  mine: i < 2 ? 'true' : 'none',
  flagged: i === 5,
  lastChange: i < 4 ? `2026-11-0${i + 1}T10:00:00.000Z` : null,
}));

const idsOf = (store: ReviewStore): string[] => Array.from({ length: store.size }, (_, p) => store.rowAt(p)?.id ?? '');
const count = (store: ReviewStore, facet: string, value: string): number => store.facetCounts.get(facet)?.get(value) ?? 0;

describe('facets (store)', () => {
  test('OR within a facet, AND across facets; each facet counts the rows the other filters leave', () => {
    const store = new ReviewStore();
    store.load(YOKAI);
    assert.equal(count(store, 'region', '北海道'), 3);
    assert.equal(count(store, 'type', '妖怪の外見'), 8);
    assert.equal(count(store, 'model', 'gpt-4o'), 12);
    store.setFilter({ filter: 'all', query: '', facets: { region: ['北海道', '沖縄'] } });
    assert.deepEqual(idsOf(store), ['0', '2', '4', '6', '8', '10']);
    assert.equal(count(store, 'region', '東北'), 3, 'a facet’s own choice does not narrow its counts');
    assert.equal(count(store, 'type', '妖怪の伝承のある地域'), 2, 'other facets count within the choice (0 and 6)');
    store.setFilter({ filter: 'all', query: '', facets: { region: ['北海道', '沖縄'], type: ['妖怪の伝承のある地域'] } });
    assert.deepEqual(idsOf(store), ['0', '6']);
    assert.equal(count(store, 'region', '東北'), 1, '9 is of that type');
    assert.equal(store.counts.all, 2, 'the chips count within the facets');
    store.setFilter({ filter: 'flagged', query: '', facets: { region: ['東北'] } });
    assert.deepEqual(idsOf(store), ['5']);
    assert.equal(count(store, 'region', '東北'), 1);
    assert.equal(store.counts.all, 3, 'a chip counts the rows the facets leave, whatever chip is active');
  });

  test('counts follow changed rows at once, and a row that leaves the facet stays until re-applied', () => {
    const store = new ReviewStore();
    store.load(YOKAI);
    store.setFilter({ filter: 'all', query: '', facets: { adjudicated: ['no'] } });
    assert.equal(store.size, 8);
    store.applyRows([row(6, { ...YOKAI[6], mine: 'false', reviewed: true })]);
    assert.equal(count(store, 'adjudicated', 'yes'), 5);
    assert.equal(store.size, 8);
    assert.equal(store.outdated, true);
    store.reapply();
    assert.equal(store.size, 7);
  });

  test('metric ≠ human: the metrics whose acc differs from the final human verdict', () => {
    const store = new ReviewStore();
    store.load(kalahiRows(6, (i) => ({ human: i < 3 ? 'true' : 'none' })));
    // Row 0: chrf false, bleu true; row 1: chrf true, bleu false; row 2: chrf true, bleu true.
    assert.equal(count(store, 'metric-human', 'chrf'), 1);
    assert.equal(count(store, 'metric-human', 'bleu'), 1);
    store.setFilter({ filter: 'all', query: '', facets: { 'metric-human': ['chrf', 'bleu'] } });
    assert.equal(store.size, 2);
  });

  test('sorts: verdict, score margin, closest calls, last change; ties and keyless rows keep the dataset order', () => {
    const store = new ReviewStore();
    store.load(
      kalahiRows(6, (i) => ({
        margin: [0.2, -0.05, 0.01, null, -0.3, 0.04][i] ?? null,
        lastChange: i === 2 ? '2026-11-02T00:00:00Z' : i === 4 ? '2026-11-03T00:00:00Z' : null,
      })),
    );
    const order = (sort: 'dataset' | 'verdict' | 'margin' | 'closest' | 'recent'): number[] => {
      store.setFilter({ filter: 'all', query: '', sort });
      return Array.from({ length: store.size }, (_, p) => store.rowAt(p)?.index ?? -1);
    };
    assert.deepEqual(order('margin'), [4, 1, 2, 5, 0, 3]);
    assert.deepEqual(order('closest'), [2, 5, 1, 0, 4, 3]);
    assert.deepEqual(order('recent'), [4, 2, 0, 1, 3, 5]);
    assert.deepEqual(order('verdict'), [0, 3, 1, 2, 4, 5], 'false first');
    assert.deepEqual(order('dataset'), [0, 1, 2, 3, 4, 5]);
    order('margin');
    store.select('0101000102');
    assert.equal(store.step(1)?.index, 5, 'j follows the order');
    store.setFilter({ filter: 'auto:true', query: '', sort: 'margin' });
    store.select('0101000100'); // row 0 (auto false): not in the list; its margin 0.2 sorts after 0.04
    assert.equal(store.step(-1)?.index, 5);
  });

  test('100 000 rows: a facet choice and a sort stay fast', () => {
    const store = new ReviewStore();
    store.load(rows(100_000, (i) => ({ facets: { type: `t${i % 6}`, region: `r${i % 11}` }, margin: ((i * 7919) % 1000) / 1000 - 0.5 })));
    let start = performance.now();
    store.setFilter({ filter: 'all', query: '', facets: { type: ['t1', 't2'], region: ['r3'] } });
    const facetMs = performance.now() - start;
    start = performance.now();
    store.setFilter({ filter: 'all', query: '', sort: 'closest' });
    const sortMs = performance.now() - start;
    assert.ok(facetMs < 1500 && sortMs < 1500, `facets ${facetMs.toFixed(0)} ms, sort ${sortMs.toFixed(0)} ms`);
  });
});

describe('review webview: facet panel and order', () => {
  test('a collapsible panel lists each facet’s values with counts; choosing them filters; the choice persists', async () => {
    m = await mount();
    m.deliver(init({ rows: YOKAI, header: header({ items: 12 }) }));
    const toggle = m.$('.facet-toggle');
    assert.ok(toggle);
    assert.equal(toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(m.$('.facet-panel')?.hidden, true);
    toggle.click();
    assert.equal(toggle.getAttribute('aria-expanded'), 'true');
    const groups = m.$$('.facet-group').map((g) => g.dataset['facet']);
    assert.deepEqual(groups, ['type', 'region', 'model', 'auto', 'human', 'adjudicated', 'flagged', 'stale', 'disagreement']);
    const region = (): string[] => m?.$$('.facet-group[data-facet="region"] .facet-value').map((b) => textOf(b)) ?? [];
    assert.deepEqual(region(), ['北海道 3', '東北 3', '沖縄 3', '不明 3'], 'north to south, then unknown');
    (m.$('.facet-group[data-facet="region"] .facet-value[data-value="東北"]') as HTMLElement).click();
    assert.equal(m.app.store.size, 3);
    assert.equal(m.$('.facet-group[data-facet="region"] .facet-value[data-value="東北"]')?.getAttribute('aria-pressed'), 'true');
    assert.deepEqual(
      m.$$('.facet-group[data-facet="type"] .facet-value').map((b) => textOf(b)),
      ['妖怪の外見 2', '妖怪の伝承のある地域 1'],
      'counts update with the other facets',
    );
    (m.$('.facet-group[data-facet="flagged"] .facet-value[data-value="yes"]') as HTMLElement).click();
    assert.deepEqual(
      Array.from({ length: m.app.store.size }, (_, p) => m?.app.store.rowAt(p)?.id),
      ['5'],
    );
    assert.equal(textOf(m.$('.facet-toggle-count')), '2');
    await m.settle(250);
    const state = m.api.state as { facets?: Record<string, string[]>; facetsOpen?: boolean };
    assert.deepEqual(state.facets, { region: ['東北'], flagged: ['yes'] });
    assert.equal(state.facetsOpen, true);
    (m.$('.facet-group[data-facet="region"] .facet-clear') as HTMLElement).click();
    assert.equal(m.app.store.size, 1);
    // A panel reopened from the saved state comes back the same.
    const saved = m.api.state;
    m.unmount();
    m = await mount({ state: saved });
    m.deliver(init({ rows: YOKAI, header: header({ items: 12 }) }));
    assert.equal(m.app.store.size, 1);
    assert.equal(m.$('.facet-panel')?.hidden, false);
  });

  test('Kalahi: category, topic, and which metrics disagree with the human', async () => {
    m = await mount();
    m.deliver(init({ run: KALAHI_RUN, rows: kalahiRows(6, (i) => ({ human: i < 3 ? 'true' : 'none' })), header: header({ items: 6 }) }));
    (m.$('.facet-toggle') as HTMLElement).click();
    const groups = m.$$('.facet-group').map((g) => g.dataset['facet']);
    assert.ok(
      ['category', 'topic', 'model', 'metric-human'].every((f) => groups.includes(f)),
      groups.join(', '),
    );
    assert.deepEqual(
      m.$$('.facet-group[data-facet="metric-human"] .facet-value').map((b) => textOf(b)),
      ['bleu 1', 'chrf 1'],
    );
    (m.$('.facet-group[data-facet="topic"] .facet-value[data-value="social etiquette"]') as HTMLElement).click();
    assert.equal(m.app.store.size, 2);
  });

  test('the order select sorts the list and persists', async () => {
    m = await mount();
    m.deliver(init({ run: KALAHI_RUN, rows: kalahiRows(5), header: header({ items: 5 }) }));
    const select = m.$('.sort-select') as HTMLSelectElement;
    assert.deepEqual(
      Array.from(select.options).map((o) => o.value),
      ['dataset', 'verdict', 'margin', 'closest', 'recent'],
    );
    select.value = 'margin';
    select.dispatchEvent(new Event('change'));
    assert.deepEqual(
      Array.from({ length: 5 }, (_, p) => m?.app.store.rowAt(p)?.index),
      [3, 0, 1, 2, 4],
    );
    assert.equal(m.$('#item-row-0')?.dataset['itemId'], m.app.store.rowAt(0)?.id);
    assert.match(textOf(m.$('#item-row-0 .row-margin')), /−0\.040/);
    await m.settle(250);
    assert.equal((m.api.state as { sort?: string }).sort, 'margin');
  });
});
