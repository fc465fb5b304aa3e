// Issue 12, defect 3, and issue 29, item 6: one definition of "reviewed" (src/core/adjudication/reviewed.ts:
// a human verdict; a flag or a note alone leaves the item to do) behind the review header, the Reviewed and To
// do filters, the Reviewed facet, the Runs view, `summary` and Statistics. A real run folder holds a mix of
// verdict-only, flag-only, note-only, stale, undone and conflicting items; every place must show the same
// counts, before and after decisions made in the panel.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { appendAdjudications } from '../../src/core/adjudication/adjudicationLog';
import { newAdjudicationEvent } from '../../src/core/adjudication/newEvent';
import { isReviewed, recordsSomething } from '../../src/core/adjudication/reviewed';
import { loadRunState } from '../../src/core/adjudication/runState';
import { ReviewSession } from '../../src/core/review/reviewSession';
import { summarizeRun } from '../../src/core/reports/summarizeRun';
import { buildValidationReport } from '../../src/core/reports/report';
import { statisticsMessage } from '../../src/extension/stats/statisticsMessage';
import { summaryCards } from '../../webview-stats/cards';
import { type Decision, type ItemRow } from '../../src/core/protocol/review';
import { runCli } from '../helpers/cli';
import { scratchDir } from '../helpers/scratch';
import { type SyntheticRun, eventOn, writeSyntheticRun } from '../helpers/syntheticRun';
import { installFakeVscode } from '../unit/security/fakeVscode';
import { init } from './fixtures';
import { type Mounted, mount, setupDom, textOf } from './harness';
import { RUN_REGISTRY } from '../../src/core/benchmarks/runRegistry';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const ME = 'ann';

/** 20 items; reviewed (a verdict): 0, 5, 6, 8 (4); with a final human verdict: 0, 6, 8 (3). */
async function mixedRun(): Promise<SyntheticRun> {
  const run = writeSyntheticRun(join(scratchDir('reviewed'), 'run'), 20);
  const on = (spec: Parameters<typeof eventOn>[1]): ReturnType<typeof eventOn> => eventOn(run, spec);
  await appendAdjudications(run.adjudications, [
    on({ itemId: '0', annotator: ME, minute: 1, verdict: true }), // verdict only
    on({ itemId: '1', annotator: ME, minute: 1, flag: 'invented-entity' }), // flag only: still to do
    on({ itemId: '2', annotator: ME, minute: 1, note: 'check the source' }), // note only: still to do
    on({ itemId: '3', annotator: 'ben', minute: 1, verdict: false, stale: true }), // stale only: needs another look
    on({ itemId: '4', annotator: ME, minute: 1, verdict: true }),
    on({ itemId: '4', annotator: ME, minute: 2 }), // undone back to nothing
    on({ itemId: '5', annotator: ME, minute: 1, verdict: true }),
    on({ itemId: '5', annotator: 'ben', minute: 1, verdict: false }), // conflict: reviewed, no final verdict
    on({ itemId: '6', annotator: 'lead', role: 'adjudicator', minute: 1, verdict: false }),
    on({ itemId: '6', annotator: 'ben', minute: 1, verdict: true, stale: true }),
    on({ itemId: '7', annotator: ME, minute: 1, note: '   ' }), // a blank note records nothing
    on({ itemId: '8', annotator: 'ben', minute: 1, verdict: null }), // null is a verdict
    on({ itemId: '9', annotator: 'ben', minute: 1, flag: 'other' }),
    on({ itemId: '9', annotator: ME, minute: 1, verdict: true }),
    on({ itemId: '9', annotator: ME, minute: 2 }), // my undo leaves ben's flag alone: to do again
  ]);
  return run;
}

/** What each place shows, read from the place itself. */
interface Shown {
  readonly header: string;
  readonly reviewedChip: string;
  readonly todoChip: string;
  readonly facetYes: string;
}

function shownIn(mounted: Mounted): Shown {
  return {
    header: textOf(mounted.$('.stat-reviewed .stat-value')),
    reviewedChip: textOf(mounted.$('.chip[data-filter="adjudicated"] .chip-count')),
    todoChip: textOf(mounted.$('.chip[data-filter="todo"] .chip-count')),
    facetYes: textOf(mounted.$('.facet-group[data-facet="adjudicated"] .facet-value[data-value="yes"] .facet-value-count')),
  };
}

const expectShown = (reviewed: number, items = 20): Shown => ({
  header: String(reviewed),
  reviewedChip: String(reviewed),
  todoChip: String(items - reviewed),
  facetYes: String(reviewed),
});

async function runsViewOf(dir: string): Promise<{ description: string; tooltip: string }> {
  installFakeVscode();
  const { RunNode, RunsTreeProvider } = await import('../../src/extension/runsTree');
  const provider = new RunsTreeProvider(() => []);
  const item = provider.getTreeItem(new RunNode(dir, summarizeRun(dir), undefined));
  const tooltip = item.tooltip;
  return {
    description: String(item.description),
    tooltip: typeof tooltip === 'object' && tooltip !== null && 'value' in tooltip ? String(tooltip.value) : '',
  };
}

/** The CLI summary (text and JSON), the Runs view and a fresh core read: each says `reviewed` of 20, `decided` with a final verdict. */
async function assertOutsideThePanel(dir: string, reviewed: number, decided: number): Promise<void> {
  const score = loadRunState(dir, RUN_REGISTRY).adjudicatedScore();
  assert.deepEqual([score.reviewed, score.items], [reviewed, decided], 'the core');
  const words = `${reviewed} of 20 reviewed (${decided} with a final human verdict)`;
  const text = await runCli(['summary', dir]);
  assert.equal(text.code, 0, text.stderr);
  assert.ok(text.stdout.includes(words), text.stdout);
  const json = JSON.parse((await runCli(['summary', dir, '--json'])).stdout) as { adjudicated: { reviewed: number; items: number } };
  assert.deepEqual([json.adjudicated.reviewed, json.adjudicated.items], [reviewed, decided], 'summary --json');
  const view = await runsViewOf(dir);
  assert.ok(view.description.endsWith(`${reviewed}/20 reviewed`), view.description);
  assert.ok(view.tooltip.includes(words), view.tooltip);
  // Statistics' Review card (no sample drawn): the same count, in the same word.
  await setupDom();
  const message = statisticsMessage(buildValidationReport(dir), dir);
  assert.ok(message.type === 'statistics' && message.view !== undefined);
  const card = summaryCards(message.report, message.view).querySelector('.kpi-review');
  assert.equal(textOf(card?.querySelector('.kpi-value')), `${reviewed} reviewed`);
  assert.match(textOf(card), new RegExp(`${decided} with a final human verdict`));
}

describe('one definition of reviewed', () => {
  test('recordsSomething: a verdict (null too), a flag or a note; isReviewed: a verdict, or for items that take none a flag or a note; never a stale or empty state', () => {
    const empty: Decision = { hallucination: null, note: '' };
    assert.equal(recordsSomething(empty), false);
    assert.equal(recordsSomething({ ...empty, note: ' \n' }), false);
    assert.equal(recordsSomething({ ...empty, verdict: null }), true);
    assert.equal(recordsSomething({ ...empty, hallucination: 'other' }), true);
    assert.equal(recordsSomething({ ...empty, note: 'x' }), true);
    assert.equal(isReviewed([{ stale: true, state: { ...empty, verdict: true } }], true), false);
    assert.equal(isReviewed([{ stale: false, state: { ...empty, verdict: null } }], true), true);
    assert.equal(
      isReviewed(
        [
          { stale: true, state: { ...empty, verdict: true } },
          { stale: false, state: { ...empty, note: 'x' } },
        ],
        true,
      ),
      false,
      'a note alone leaves an item that takes verdicts to do',
    );
    assert.equal(isReviewed([{ stale: false, state: { ...empty, hallucination: 'other' } }], true), false, 'a flag alone too');
    assert.equal(
      isReviewed([{ stale: false, state: { ...empty, hallucination: 'other' } }], false),
      true,
      'items that take flags and notes only are reviewed by one',
    );
    assert.equal(
      isReviewed(
        [
          { stale: true, state: { ...empty, verdict: true } },
          { stale: false, state: { ...empty, note: 'x' } },
        ],
        false,
      ),
      true,
    );
    assert.equal(isReviewed([{ stale: false, state: empty }], false), false);
  });

  test('header, Reviewed and To do filters, Reviewed facet, Runs view and summary agree, before and after panel decisions', async () => {
    const run = await mixedRun();
    const { session, problems } = ReviewSession.open(run.dir, ME);
    assert.deepEqual(problems, []);
    const rows = session.rows();
    const byId = new Map<string, ItemRow>(rows.map((r) => [r.id, r]));
    assert.deepEqual(
      rows.filter((r) => r.reviewed).map((r) => r.id),
      ['0', '5', '6', '8'],
    );
    assert.equal(byId.get('4')?.mine, 'none', 'an undone item is not "no decision (skipped)"');
    assert.equal(byId.get('1')?.mine, 'skipped', 'a flag without a verdict is mine, with no decision');
    assert.equal(session.header().adjudicatedItems, 3);
    await assertOutsideThePanel(run.dir, 4, 3);

    m = await mount();
    m.deliver(init({ run: session.runHeader(), header: session.header(), rows, annotator: ME, selectedItemId: '10' }));
    (m.$('.facet-toggle') as HTMLElement).click();
    await m.settle();
    assert.deepEqual(shownIn(m), expectShown(4), 'the panel on opening');

    // The panel's own decisions: first a skip with nothing else (records nothing), then a verdict.
    const decide = async (...keys: string[]): Promise<void> => {
      const mounted = m as Mounted;
      mounted.deliver({ type: 'item', detail: session.detail('10', false) });
      mounted.clearPosted();
      for (const key of keys) mounted.key(key, {}, document.activeElement ?? undefined);
      const sent = mounted.last('adjudicate');
      assert.ok(sent !== undefined, `"${keys.join(' ')}" sent a decision`);
      const current = session.currentLine(sent.itemId);
      assert.ok(current !== undefined);
      await appendAdjudications(run.adjudications, [
        newAdjudicationEvent({ itemId: sent.itemId, annotator: ME, role: 'annotator', state: sent.decision, current }),
      ]);
      const shownBeforeHost = shownIn(mounted);
      const update = session.readTail();
      mounted.deliver({ type: 'rows', header: session.header(), rows: update.changedRows });
      mounted.deliver({ type: 'saved', itemId: sent.itemId, requestId: sent.requestId });
      await mounted.settle();
      assert.deepEqual(shownBeforeHost.reviewedChip, shownIn(mounted).reviewedChip, 'the unconfirmed count is the host’s');
    };
    await decide('s');
    assert.deepEqual(shownIn(m), expectShown(4), 'a skip alone reviews nothing');
    await assertOutsideThePanel(run.dir, 4, 3);
    await decide('h', '1');
    assert.deepEqual(shownIn(m), expectShown(4), 'a flag alone leaves the item to do');
    await assertOutsideThePanel(run.dir, 4, 3);
    await decide('t');
    assert.deepEqual(shownIn(m), expectShown(5), 'a verdict reviews the item');
    await assertOutsideThePanel(run.dir, 5, 4);
  });
});
