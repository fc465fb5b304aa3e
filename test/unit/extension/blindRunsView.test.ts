// Issue 29, item 5: while blind review is on (the setting, or one review panel's `b`), the Runs view shows
// no automatic or adjudicated score, in its description or its tooltip; it shows them again once it is off.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { summarizeRun } from '../../../src/core/reports/summarizeRun';
import { openReviewPanel } from '../../helpers/reviewPanelHarness';
import { scratchDir } from '../../helpers/scratch';
import { writeSyntheticRun } from '../../helpers/syntheticRun';
import { installFakeVscode } from '../security/fakeVscode';

const SCORE = /\d+(\.\d+)?\s*%|auto |adj |true \d|false \d/;

async function runsViewItem(dir: string, blind: () => boolean): Promise<{ description: string; tooltip: string }> {
  installFakeVscode();
  const { RunNode, RunsTreeProvider } = await import('../../../src/extension/runsTree');
  const provider = new RunsTreeProvider(() => [], blind);
  const item = provider.getTreeItem(new RunNode(dir, summarizeRun(dir), undefined));
  const tooltip = item.tooltip;
  return {
    description: String(item.description),
    tooltip: typeof tooltip === 'object' && tooltip !== null && 'value' in tooltip ? String(tooltip.value) : '',
  };
}

test('the Runs view hides every score while blind review is on, and shows them when it is off', async () => {
  const run = writeSyntheticRun(join(scratchDir('blind-runs-view'), 'run'), 8);
  const open = await runsViewItem(run.dir, () => false);
  assert.match(open.description, /auto \d+\.\d% · adj \d+\.\d%/);
  assert.match(open.tooltip, /automatic: \d/);
  const blind = await runsViewItem(run.dir, () => true);
  assert.doesNotMatch(blind.description, SCORE, blind.description);
  assert.doesNotMatch(blind.tooltip, SCORE, blind.tooltip);
  assert.match(blind.description, /scores hidden \(blind review\) · 0\/8 reviewed/);
});

// Issue 36, item 2: one rule for every panel: `b` in one review panel turns blind review on or off for the
// whole window, so a review opened afterwards (another run, another benchmark) opens blind, as the Runs view
// and Statistics are; closing the panel does not reveal anything; a change of the setting sets it again.
test('blind review is one state for the window: b in one panel reaches every panel, later panels and the Runs view', async (t) => {
  const runA = writeSyntheticRun(join(scratchDir('blind-window-a'), 'run'), 4);
  const runB = writeSyntheticRun(join(scratchDir('blind-window-b'), 'run'), 4);
  const { ReviewPanel } = await import('../../../src/extension/review/reviewPanel');
  const { WindowBlind } = await import('../../../src/extension/windowBlind');
  let setting = false;
  const window = new WindowBlind(
    () => setting,
    (on) => ReviewPanel.blindChanged(on),
  );
  const context = { setBlind: (on: boolean) => window.set(on), blindReview: () => window.on };
  const a = await openReviewPanel(runA.dir, context);
  t.after(() => a.close());
  await a.send({ type: 'ready' });
  assert.equal(a.last('init')?.blind, false);
  await a.send({ type: 'blindState', on: true }, false);
  assert.equal(window.on, true);
  assert.doesNotMatch((await runsViewItem(runB.dir, () => window.on)).description, SCORE, 'the Runs view hides every run');
  const b = await openReviewPanel(runB.dir, context);
  t.after(() => b.close());
  await b.send({ type: 'ready' });
  assert.equal(b.last('init')?.blind, true, 'a review opened afterwards opens blind');
  await b.send({ type: 'blindState', on: true }, false);
  a.close();
  assert.equal(window.on, true, 'closing the panel where b was pressed reveals nothing');
  await b.send({ type: 'blindState', on: false }, false);
  assert.equal(window.on, false);
  setting = true;
  window.settingChanged();
  assert.deepEqual(b.last('reviewOptions'), { type: 'reviewOptions', blind: true }, 'the setting sets it again in every panel');
});
