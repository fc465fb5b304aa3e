import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { FIVE_LEVELS } from '../helpers/syntheticGradedRun';
import { openGradedRun } from './gradedHost';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

function chip(mounted: Mounted, id: string): HTMLElement {
  const found = mounted.$(`.chip[data-filter="${id}"]`);
  assert.ok(found, `chip ${id}`);
  return found;
}

function chipCount(mounted: Mounted, id: string): number {
  return Number(textOf(chip(mounted, id).querySelector('.chip-count')).replace(/,/g, ''));
}

function shownIds(mounted: Mounted): string[] {
  return mounted
    .$$('.row[data-item-id]')
    .filter((r) => textOf(r.querySelector('.row-label')) !== '')
    .map((r) => r.dataset['itemId'] ?? '');
}

describe('review webview: filters of a graded run', () => {
  test('chips per judge level and per human level with counts, judge ≠ human, instead of true / false / null', async () => {
    m = await mount();
    const host = await openGradedRun(m, 8, { criteria: 3 });
    const mounted = m;
    for (const id of ['auto:true', 'auto:false', 'auto:null'])
      assert.equal(mounted.$(`.chip[data-filter="${id}"]`), null, `${id} is not offered`);
    const judgeChips = mounted.$$('.chip-group-judge-level .chip').map((c) => textOf(c.querySelector('.chip-label')));
    assert.deepEqual(
      judgeChips,
      ['UNMET', 'SLIGHTLY_MET', 'MODERATELY_MET', 'MAJORLY_MET', 'EXACTLY_MET', 'null'],
      'the scale’s order, the shared CLASS_ prefix left out',
    );
    assert.match(
      chip(mounted, 'judge:0.75').getAttribute('aria-label') ?? '',
      /^The judge at CLASS_MAJORLY_MET \(0\.75\) \(an item with criteria: on one of them at least\): \d+ items$/,
    );
    // Expected counts from the run's lines: items with at least one criterion the judge put at the level.
    const lines = [...host.run.lines.values()];
    for (const value of [...FIVE_LEVELS.levels.map((l) => l.value), null]) {
      const expected = lines.filter((l) => (l.criteria ?? []).some((c) => c.grade === value)).length;
      assert.equal(chipCount(mounted, `judge:${String(value)}`), expected, `judge at ${String(value)}`);
    }
    assert.equal(chipCount(mounted, 'human:0.25'), 0);
    assert.equal(chipCount(mounted, 'disagreement'), 0);

    // Item 0: criterion 1 at the judge's own level, criterion 2 (the judge's null) at 0.25: a level apart.
    const judge0 = host.run.lines.get('0')?.criteria?.[0]?.grade ?? null;
    const key = String((FIVE_LEVELS.levels.findIndex((l) => l.value === judge0) + 1) % 10);
    mounted.$('.vlist')?.focus();
    mounted.key(key);
    await host.answer();
    assert.equal(chipCount(mounted, 'disagreement'), 0, 'the same level is no disagreement');
    mounted.key('2');
    await host.answer();
    assert.equal(chipCount(mounted, 'disagreement'), 1);
    assert.equal(chipCount(mounted, 'human:0.25'), 1);
    assert.equal(chipCount(mounted, `human:${String(judge0)}`), 1);
    chip(mounted, 'disagreement').click();
    await mounted.settle();
    assert.deepEqual(shownIds(mounted), ['0']);
    assert.ok(mounted.$('#item-row-0 .marker-disagreement'), 'the row is marked');
    chip(mounted, 'judge:null').click();
    await mounted.settle();
    assert.deepEqual(
      shownIds(mounted),
      lines.filter((l) => (l.criteria ?? []).some((c) => c.grade === null)).map((l) => l.itemId),
    );
    assert.equal(chip(mounted, 'judge:null').getAttribute('aria-pressed'), 'true');
  });

  test('a numeric scale offers null for its levels; blind review hides the judge’s chips, not the human ones', async () => {
    m = await mount();
    const host = await openGradedRun(m, 8, { criteria: 0, scale: { kind: 'numeric', min: 1, max: 10 } });
    const mounted = m;
    assert.deepEqual(
      mounted.$$('.chip-group-judge-level .chip').map((c) => c.dataset['filter']),
      ['judge:null'],
    );
    assert.equal(chipCount(mounted, 'judge:null'), [...host.run.lines.values()].filter((l) => l.grade === null).length);
    mounted.$('.vlist')?.focus();
    mounted.key('b');
    assert.ok(mounted.$('.chip-group-judge-level')?.hidden, 'judge levels hidden');
    assert.equal(mounted.$('.chip-group-human-level')?.hidden, false);
    assert.equal(chip(mounted, 'disagreement').hidden, true);
  });
});
