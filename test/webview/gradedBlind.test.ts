import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { benchmarkOf } from '../../src/core/benchmarks/registry';
import { scratchDir } from '../helpers/scratch';
import { openRunFolder } from './gradedHost';
import { type Mounted, mount, textOf } from './harness';

const INFERENCE = join(
  __dirname,
  '..',
  'fixtures',
  'foreign-logs',
  'seahelm',
  'inferences',
  'tl',
  'kalahi-judge',
  'Gemma-SEA-LION-v4-27B-IT_kalahi-judge_tl.jsonl',
);
const CLASS = /CLASS_[A-Z_]+/;

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

async function importSeahelm(): Promise<{ readonly dir: string }> {
  const importer = benchmarkOf('seahelm').importers?.[0];
  assert.ok(importer !== undefined);
  const outcome = await importer.run(INFERENCE, join(scratchDir('graded-blind'), 'run'), { sources: {} });
  return { dir: outcome.paths.dir };
}

describe('review webview: blind review of a graded run (a SEA-HELM kalahi-judge import)', () => {
  test('hides the judge’s levels, reflections, replies and the item’s score until each criterion is decided, criterion by criterion', async () => {
    m = await mount();
    const host = await openRunFolder(m, await importSeahelm(), { blind: true });
    const mounted = m;
    const first = host.session.detail(host.session.manifest.dataset.itemIds[0] ?? '', false);
    const criteria = first.criteria ?? [];
    assert.ok(criteria.length >= 3, 'the first situation has several criteria');
    const reflection = criteria[0]?.judge.reasoning ?? '';
    assert.notEqual(reflection, '');
    const page = (): string => textOf(mounted.root);
    assert.doesNotMatch(textOf(mounted.$('.vlist')), CLASS, 'no judge level in the list');
    assert.match(textOf(mounted.$('#item-row-0 .row-badges')), /hidden/);
    assert.doesNotMatch(textOf(mounted.$('.detail-scroll')), CLASS, 'no judge level in the detail');
    assert.ok(!textOf(mounted.$('.detail-scroll')).includes(reflection.slice(0, 40)), 'no reflection in the detail');
    assert.match(textOf(mounted.$('.detail-scroll')), /The judge’s grades, reflections and replies are hidden until you decide/);
    assert.doesNotMatch(textOf(mounted.$('.criteria')), CLASS, 'no judge level in the criteria');
    assert.ok(!page().includes(reflection.slice(0, 40)));
    assert.match(textOf(mounted.$('.criteria-aggregate')), /judge hidden/, 'the item’s score hidden');
    assert.ok(!mounted.$$('.filter-bar .chip-group-judge-level').some((g) => !g.hidden), 'no judge-level chips');
    mounted.$('.vlist')?.focus();
    mounted.key('r');
    assert.equal(mounted.$('.criterion-raw'), null, 'r shows no raw reply of a hidden criterion');
    mounted.clearPosted();
    mounted.key('3');
    assert.equal(mounted.last('adjudicate')?.blind, true, 'decided blind');
    assert.equal(mounted.last('adjudicate')?.criterion, criteria[0]?.id);
    await host.answer();
    const rows = mounted.$$('.criterion');
    assert.match(textOf(rows[0]), /judge CLASS_/, 'the decided criterion’s level shows');
    assert.ok(textOf(rows[0]).includes(reflection.slice(0, 40)), 'and its reflection');
    assert.doesNotMatch(textOf(rows[1]), /judge CLASS_/, 'the next one stays hidden');
    assert.doesNotMatch(textOf(mounted.$('.detail-scroll')), CLASS, 'the detail stays hidden while a criterion is undecided');
    for (let i = 1; i < criteria.length; i++) {
      mounted.key('5');
      await host.answer();
    }
    assert.match(textOf(mounted.$('.detail-scroll')), CLASS, 'every criterion decided: the detail shows the judge');
    assert.doesNotMatch(textOf(mounted.$('.criteria-aggregate')), /hidden/);
    assert.doesNotMatch(textOf(mounted.$('#item-row-0 .row-badges')), /hidden/, 'the row shows the judge’s grade');
    assert.ok(
      mounted.posted('adjudicate').every((a) => a.blind === true),
      'every decision blind',
    );
  });

  test('a criterion seen before blind review was on is not decided “blind”', async () => {
    m = await mount();
    const host = await openRunFolder(m, await importSeahelm());
    const mounted = m;
    assert.match(textOf(mounted.$$('.criterion')[0]), /judge CLASS_|judge null/);
    mounted.$('.vlist')?.focus();
    mounted.key('b');
    assert.doesNotMatch(textOf(mounted.$('.criteria')), /judge CLASS_/, 'hidden once blind');
    mounted.clearPosted();
    mounted.key('2');
    assert.equal(mounted.last('adjudicate')?.blind, false);
    await host.answer();
  });
});
