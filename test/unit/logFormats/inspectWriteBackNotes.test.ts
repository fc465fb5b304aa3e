// Issue 36, item 10: each Inspect write-back edit's reason is the note of the decision it writes (not a note
// left from an earlier verdict, not another annotator's note), and a human "can't tell" (null) with a note,
// which Inspect has no value for, is named in the export's summary with why it was left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendAdjudications } from '../../../src/core/adjudication/adjudicationLog';
import { type AnnotatorState } from '../../../src/core/adjudication/event';
import { newAdjudicationEvent } from '../../../src/core/adjudication/newEvent';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { type Json, POPULARITY } from '../../helpers/inspectFixtures';
import { readZipEntries } from '../../helpers/zipReader';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

const T0 = Date.parse('2026-12-06T08:00:00.000Z');

async function decide(dir: string, steps: readonly [string, string, Partial<AnnotatorState>][]): Promise<void> {
  const state = loadRunState(dir, RUN_REGISTRY);
  const events = steps.map(([itemId, annotator, s], i) => {
    const current = state.current.get(itemId);
    assert.ok(current !== undefined, itemId);
    return newAdjudicationEvent({
      itemId,
      annotator,
      role: 'annotator',
      state: { hallucination: null, note: '', ...s },
      current,
      now: new Date(T0 + i * 1000),
    });
  });
  await appendAdjudications(state.paths.adjudications, events);
}

type Edited = { scores: { match: { history: { provenance: { reason: string | null; author: string } | null }[] } } };

test('the edit reason is the note of the decision written; a noted null is named in the summary', async () => {
  const imported = await runCli(['import', 'inspect', POPULARITY, '--out', scratchDir('inspect-wb-notes')]);
  assert.equal(imported.code, 0, imported.stderr);
  const dir = imported.lastLine;
  await decide(dir, [
    // A note given with a false, then the verdict changed to true with the note field left as it was.
    ['3#1', 'Ann', { verdict: false, note: 'looked wrong at first' }],
    ['3#1', 'Ann', { verdict: true, note: 'looked wrong at first' }],
    // A note given with the decision written; another annotator's note without a decision is not its reason.
    ['4#1', 'Ann', { verdict: true, note: 'checked against the source' }],
    ['4#1', 'Bo', { note: 'not sure about the wording' }],
    ['5#1', 'Ann', { verdict: null, note: 'the passage does not say' }],
  ]);
  const out = join(scratchDir('inspect-wb-notes-out'), 'adjudicated.eval');
  const result = await runCli(['export', dir, '--format', 'inspect', '--out', out]);
  assert.equal(result.code, 0, result.stderr);
  const members = readZipEntries(readFileSync(out));
  const sample = (n: number): Edited =>
    JSON.parse(members.get(`samples/${n}_epoch_1.json`)?.toString('utf8') ?? 'null') as Json as unknown as Edited;
  assert.equal(
    sample(3).scores.match.history.at(-1)?.provenance?.reason,
    null,
    'a note of the earlier verdict is not the reason of this one',
  );
  assert.equal(sample(4).scores.match.history.at(-1)?.provenance?.reason, 'checked against the source');
  const printed = result.stdout + result.stderr;
  assert.match(printed, /"can't tell" \(null\) with a note, left out .*5#1 \("the passage does not say"\)/);
});
