// Issue 36, item 8: undo works after a window reload for the annotator's own last decisions, read from the
// adjudication log (each undo event names the event it takes back, so a reload never undoes an undo); an
// undo back to before the annotator's first decision leaves them out of the item's annotators.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readAdjudicationLog } from '../../../src/core/adjudication/adjudicationLog';
import { importOfficialYokaiEval } from '../../../src/core/benchmarks/yokaieval/importOfficial';
import { type PanelHarness, openReviewPanel } from '../../helpers/reviewPanelHarness';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const gpt4o = join(sharedDataDir, 'yokaieval', 'official-results', 'gpt4o.json');

async function importedRun(prefix: string): Promise<string> {
  const dir = join(scratchDir(prefix), 'yokaieval-official-gpt4o');
  await importOfficialYokaiEval(gpt4o, dir, { dataDir: sharedDataDir });
  return dir;
}

const logOf = (runDir: string) => readAdjudicationLog(join(runDir, 'adjudications.jsonl')).events.map((l) => l.event);

async function reopened(runDir: string, t: { after: (f: () => void) => void }, itemId: string): Promise<PanelHarness> {
  const panel = await openReviewPanel(runDir);
  t.after(() => panel.close());
  await panel.send({ type: 'ready' });
  await panel.send({ type: 'select', itemId });
  return panel;
}

test("after a reload, undo takes back the annotator's decisions made before it, newest first, down to none", async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const runDir = await importedRun('undo-reload');
  const first = await reopened(runDir, t, '0');
  await first.send({
    type: 'adjudicate',
    requestId: 1,
    itemId: '0',
    decision: { verdict: true, hallucination: null, note: '' },
    blind: false,
  });
  // A flag alone on another item (no verdict).
  await first.send({ type: 'adjudicate', requestId: 2, itemId: '1', decision: { hallucination: 'other', note: '' }, blind: false });
  first.close();

  const panel = await reopened(runDir, t, '1');
  assert.equal(panel.last('item')?.detail.canUndo, true, 'undo offered for decisions made before the reload');
  await panel.send({ type: 'undo', requestId: 3 });
  const afterFirstUndo = panel.last('item')?.detail;
  assert.equal(afterFirstUndo?.id, '1');
  assert.deepEqual(afterFirstUndo.annotators, [], 'back to before the first decision: not listed as "no decision"');
  assert.equal(afterFirstUndo.mine, null);
  assert.equal(afterFirstUndo.canUndo, true, "item 0's decision is still there to undo");

  await panel.send({ type: 'undo', requestId: 4 });
  const afterSecond = panel.last('item')?.detail;
  assert.equal(afterSecond?.id, '0');
  assert.deepEqual(afterSecond.annotators, []);
  assert.equal(afterSecond.canUndo, false);

  const events = logOf(runDir);
  assert.equal(events.length, 4);
  assert.equal(events[2]?.undoes, events[1]?.id);
  assert.equal(events[3]?.undoes, events[0]?.id);
  const rows = panel.posted.flatMap((m) => (m.type === 'rows' ? m.rows : []));
  assert.equal(rows.filter((r) => r.id === '0').at(-1)?.mine, 'none');
});

test('an undo made before the reload is not undone again: the next undo takes the decision before it', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const runDir = await importedRun('undo-reload-twice');
  const first = await reopened(runDir, t, '0');
  await first.send({
    type: 'adjudicate',
    requestId: 1,
    itemId: '0',
    decision: { verdict: true, hallucination: null, note: 'sure' },
    blind: true,
  });
  await first.send({
    type: 'adjudicate',
    requestId: 2,
    itemId: '0',
    decision: { verdict: false, hallucination: null, note: 'sure' },
    blind: false,
  });
  await first.send({ type: 'undo', requestId: 3 });
  assert.equal(first.last('item')?.detail.mine?.verdict, true);
  first.close();

  const panel = await reopened(runDir, t, '0');
  assert.equal(panel.last('item')?.detail.canUndo, true);
  await panel.send({ type: 'undo', requestId: 4 });
  const events = logOf(runDir);
  assert.deepEqual(
    events.map((e) => [e.verdict, e.undoes === undefined ? null : events.findIndex((x) => x.id === e.undoes)]),
    [
      [true, null],
      [false, null],
      [true, 1],
      [undefined, 0],
    ],
  );
  assert.equal(panel.last('item')?.detail.canUndo, false);
});
