import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importOfficialYokaiEval } from '../../../src/core/benchmarks/yokaieval/importOfficial';
import { appendAdjudications } from '../../../src/core/adjudication/adjudicationLog';
import { newAdjudicationEvent } from '../../../src/core/adjudication/newEvent';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { HostMessageSchema } from '../../../src/core/protocol/review';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const gpt4o = join(sharedDataDir, 'yokaieval', 'official-results', 'gpt4o.json');

async function imported(): Promise<string> {
  const dir = join(scratchDir('review'), 'run');
  await importOfficialYokaiEval(gpt4o, dir, { dataDir: sharedDataDir });
  return dir;
}

test('rows, header and details of a YokaiEval run satisfy the protocol', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const { session, problems } = ReviewSession.open(await imported(), 'Aiko');
  assert.deepEqual(problems, []);
  const rows = session.rows();
  assert.equal(rows.length, 810);
  const header = session.header();
  assert.equal(header.automaticAccuracy.toFixed(4), '0.6395');
  assert.equal(header.adjudicatedAccuracy, header.automaticAccuracy);
  const init = {
    type: 'init',
    run: session.runHeader(),
    header,
    rows,
    annotator: 'Aiko',
    role: 'annotator',
    categories: [],
    selectedItemId: null,
  };
  assert.equal(HostMessageSchema.safeParse(init).success, true);
  const detail = session.detail('0', false);
  assert.equal(detail.kind, 'choices');
  if (detail.kind === 'choices') {
    assert.equal(detail.gold, '空家');
    assert.equal(detail.choices.length, 4);
    assert.equal(detail.regionNormalized, '北海道');
    assert.ok(detail.prompt.endsWith('- 神社'));
  }
  assert.equal(rows[0]?.facets['region'], '北海道');
});

test('events appended by someone else are picked up; only the changed rows come back', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const dir = await imported();
  const { session } = ReviewSession.open(dir, 'Aiko');
  const nullRow = session.rows().find((r) => r.auto === 'null');
  assert.ok(nullRow !== undefined);
  const line = session.currentLine(nullRow.id);
  assert.ok(line !== undefined);
  await appendAdjudications(join(dir, 'adjudications.jsonl'), [
    newAdjudicationEvent({
      itemId: nullRow.id,
      annotator: 'Ben',
      role: 'annotator',
      state: { verdict: true, hallucination: null, note: '' },
      current: line,
    }),
  ]);
  const update = session.readTail();
  assert.deepEqual(
    update.changedRows.map((r) => [r.id, r.human, r.mine, r.disagreement]),
    [[nullRow.id, 'true', 'none', true]],
  );
  assert.equal(session.header().adjudicatedItems, 1);
  assert.ok(session.header().adjudicatedAccuracy > session.header().automaticAccuracy);
  assert.deepEqual(session.readTail().changedRows, [], 'nothing new the second time');

  appendFileSync(join(dir, 'adjudications.jsonl'), 'this is not json\n{"partial": ');
  const withProblem = session.readTail();
  assert.equal(withProblem.problems.length, 1);
  assert.match(withProblem.problems[0]?.message ?? '', /line 2: not valid JSON/);
  assert.ok(readFileSync(join(dir, 'results.jsonl')).length > 0);
});
