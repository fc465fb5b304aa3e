// Issue 36, item 7: items that take flags and notes only (the run's score header says `verdicts: false`, as
// a benchmark declares through its review's decidable capability) show no verdict UI: no chip of automatic
// verdicts or of disagreement with one, no verdict facet, no final verdict, no verdict badge by an annotator.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { KALAHI_MC, KALAHI_RUN, header, init, item, kalahiDetail, kalahiRows } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const MC_RUN = { ...KALAHI_RUN, task: 'mc', metrics: [], primaryMetric: null };
const FLAGGER = {
  annotator: 'bob',
  role: 'annotator',
  decision: { hallucination: 'other', note: 'odd choice' },
  time: '2026-12-06T09:00:00.000Z',
  stale: false,
  blind: false,
} as const;

function visibleChips(mounted: Mounted): string[] {
  return mounted
    .$$('.filter-bar .chip')
    .filter((c) => !c.hidden && !(c.closest('.chip-group') as HTMLElement | null)?.hidden)
    .map((c) => c.dataset['filter'] ?? '');
}

async function openFacetTitles(mounted: Mounted): Promise<string[]> {
  (mounted.$('.facet-toggle') as HTMLElement).click();
  await Promise.resolve();
  return mounted.$$('.facet-group').map((g) => g.dataset['facet'] ?? '');
}

describe('review webview: no verdict UI where items take no verdict', () => {
  test('a multiple-choice run: review chips only, no verdict facets, no final verdict, annotators without a verdict badge', async () => {
    const rows = kalahiRows(3, () => ({ decidable: false, auto: 'null', metricAcc: undefined }));
    m = await mount();
    m.deliver(init({ run: MC_RUN, rows, header: header({ items: 3, verdicts: false, mc: { mc1: 2 / 3, mc2: 0.5, scored: 3 } }) }));
    assert.deepEqual(visibleChips(m), ['all', 'todo', 'adjudicated', 'flagged', 'conflict', 'stale']);
    assert.equal((m.$('.sort-select option[value="verdict"]') as HTMLOptionElement).hidden, true, 'no order by automatic verdict');
    const facets = await openFacetTitles(m);
    assert.ok(facets.includes('flagged'), facets.join(', '));
    for (const id of ['auto', 'human', 'disagreement', 'metric-human'])
      assert.ok(!facets.includes(id), `no ${id} facet: ${facets.join(', ')}`);

    m.deliver(item(kalahiDetail('0101000100', { decidable: false, auto: 'null', open: null, mc: KALAHI_MC, annotators: [FLAGGER] })));
    const others = m.$('.adj-others') as HTMLElement;
    const shown = Array.from(others.children).filter((e) => !(e as HTMLElement).hidden);
    assert.doesNotMatch(shown.map(textOf).join(' '), /Final verdict|None yet/i);
    assert.match(textOf(m.$('.annotators')), /bob/);
    assert.equal(m.$('.annotators .badge'), null, 'no verdict badge beside the annotator');
    assert.doesNotMatch(textOf(m.$('.annotators')), /no decision|skipped/);
  });

  test('a run whose items take verdicts keeps them all', async () => {
    m = await mount();
    m.deliver(init({ run: KALAHI_RUN, rows: kalahiRows(3), header: header({ items: 3, verdicts: true }) }));
    assert.deepEqual(visibleChips(m), [
      'all',
      'todo',
      'adjudicated',
      'flagged',
      'disagreement',
      'conflict',
      'stale',
      'auto:true',
      'auto:false',
      'auto:null',
    ]);
    const facets = await openFacetTitles(m);
    for (const id of ['auto', 'human']) assert.ok(facets.includes(id), facets.join(', '));
    m.deliver(item(kalahiDetail('0101000100', { annotators: [FLAGGER] })));
    assert.match(textOf(m.$('.adj-others')), /Final verdict/);
  });
});
