// Issue 29, item 5: while blind review is on (the setting, or one review panel's `b`), the Runs view shows
// no automatic or adjudicated score, in its description or its tooltip; it shows them again once it is off.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { summarizeRun } from '../../../src/core/summary/summarizeRun';
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
  return { description: String(item.description), tooltip: typeof tooltip === 'object' && tooltip !== null && 'value' in tooltip ? String(tooltip.value) : '' };
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

test('a review panel says when its blind review goes on and off; the extension asks ReviewPanel.anyBlind', async (t) => {
  const run = writeSyntheticRun(join(scratchDir('blind-panel-state'), 'run'), 4);
  let changes = 0;
  const panel = await openReviewPanel(run.dir, { onBlindChanged: () => changes++ });
  const { ReviewPanel } = await import('../../../src/extension/review/reviewPanel');
  t.after(() => panel.close());
  await panel.send({ type: 'ready' });
  assert.equal(ReviewPanel.anyBlind(), false);
  await panel.send({ type: 'blindState', on: true }, false);
  assert.deepEqual([ReviewPanel.anyBlind(), changes], [true, 1]);
  assert.doesNotMatch((await runsViewItem(run.dir, () => ReviewPanel.anyBlind())).description, SCORE);
  await panel.send({ type: 'blindState', on: true }, false);
  assert.equal(changes, 1, 'the same state again changes nothing');
  await panel.send({ type: 'blindState', on: false }, false);
  assert.deepEqual([ReviewPanel.anyBlind(), changes], [false, 2]);
  await panel.send({ type: 'blindState', on: true }, false);
  panel.close();
  assert.deepEqual([ReviewPanel.anyBlind(), changes], [false, 4], 'a blind panel that closes no longer hides the scores');
});
