// The review panel writes its page first and opens the run on a later turn of the event loop, so that the
// webview loads while a large run is read: a 'ready' that arrives before the run is open is answered once it
// is (one init, not none and not two), and a run that cannot be opened still reaches the user as an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { openReviewPanel, settle } from '../../helpers/reviewPanelHarness';
import { scratchDir } from '../../helpers/scratch';
import { writeSyntheticRun } from '../../helpers/syntheticRun';
import { calls } from '../security/fakeVscode';

test("a 'ready' sent before the run is open is answered with one init once it is", async (t) => {
  const run = writeSyntheticRun(join(scratchDir('panel-open'), 'run'), 12);
  const panel = await openReviewPanel(run.dir, {}, false);
  t.after(() => panel.close());
  // The page is there, the run not read yet: nothing posted, the tab not named after the run.
  assert.equal(panel.posted.length, 0);
  assert.equal(panel.title(), '');
  await panel.send({ type: 'ready' }, false);
  await settle();
  const inits = panel.posted.filter((m) => m.type === 'init');
  assert.equal(inits.length, 1, `one init, got ${panel.posted.map((m) => m.type).join(', ')}`);
  assert.equal(inits[0]?.rows.length, 12);
  assert.match(panel.title(), /^Review: YokaiEval/);
  // A page reloaded later asks again and is answered at once.
  await panel.send({ type: 'ready' });
  assert.equal(panel.posted.filter((m) => m.type === 'init').length, 2);
});

test('a selection sent before the run is open waits for it, and is then answered', async (t) => {
  const run = writeSyntheticRun(join(scratchDir('panel-open-select'), 'run'), 5);
  const panel = await openReviewPanel(run.dir, {}, false);
  t.after(() => panel.close());
  await panel.send({ type: 'select', itemId: run.ids[3] }, false);
  await settle();
  assert.equal(panel.last('item')?.detail.id, run.ids[3]);
  assert.equal(panel.last('error'), undefined);
});

test('a run that cannot be opened shows the error, naming the file and line, and closes its panel', async (t) => {
  const run = writeSyntheticRun(join(scratchDir('panel-open-broken'), 'run'), 4);
  appendFileSync(join(run.dir, 'results.jsonl'), '{"itemId": "0", not json\n');
  const errorsBefore = calls.errors.length;
  const panel = await openReviewPanel(run.dir, {}, false);
  t.after(() => panel.close());
  await panel.send({ type: 'ready' }, false);
  await settle();
  const shown = calls.errors.slice(errorsBefore);
  assert.equal(shown.length, 1, `one error message, got ${JSON.stringify(shown)}`);
  assert.match(shown[0] ?? '', /could not reopen .*run: .*results\.jsonl.* line 5/);
  assert.ok(panel.disposed(), 'the panel closed');
  assert.equal(panel.posted.filter((m) => m.type === 'init').length, 0);
});
