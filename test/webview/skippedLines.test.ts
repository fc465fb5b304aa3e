// Issue 12, defect 9 in the panel: the review session reports every skipped line of adjudications.jsonl
// (conflict markers, bad JSON, schema failures, events for items the run lacks), and the panel shows them
// in a warning bar with the fix for conflict markers.
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { CONFLICT_MARKER_FIX, describeLogProblems } from '../../src/core/adjudication/adjudicationLog';
import { ReviewSession } from '../../src/core/review/reviewSession';
import { scratchDir } from '../helpers/scratch';
import { eventOn, writeSyntheticRun } from '../helpers/syntheticRun';
import { init } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

describe('skipped lines of adjudications.jsonl', () => {
  test('the session reports them on opening and as they are appended; the panel lists them in a warning bar', async () => {
    const run = writeSyntheticRun(join(scratchDir('skipped-panel'), 'run'), 10);
    const event = (itemId: string): string => JSON.stringify(eventOn(run, { itemId, annotator: 'ann', minute: 1, verdict: true }));
    appendFileSync(run.adjudications, ['<<<<<<< HEAD', event('1'), '=======', event('2'), '>>>>>>> theirs', event('42'), ''].join('\n'));
    const { session, problems } = ReviewSession.open(run.dir, 'ann');
    const file = run.adjudications;
    assert.deepEqual(
      problems.map((p) => p.message),
      [
        `${file} line 1: git conflict marker "<<<<<<<" (a merge without merge=union)`,
        `${file} line 3: git conflict marker "=======" (a merge without merge=union)`,
        `${file} line 5: git conflict marker ">>>>>>>" (a merge without merge=union)`,
        `${file} line 6: an event for item "42", which this run does not have`,
      ],
    );
    assert.equal(session.header().reviewedItems, 2, 'both sides of the conflict count');

    appendFileSync(run.adjudications, 'not json\n');
    const update = session.readTail();
    assert.deepEqual(
      update.problems.map((p) => p.message),
      [`${file} line 7: not valid JSON`],
    );
    assert.equal(update.reset, false);

    m = await mount();
    m.deliver(init({ run: session.runHeader(), header: session.header(), rows: session.rows(), annotator: 'ann' }));
    const bar = (): HTMLElement | null => m?.$('.skipped-lines') ?? null;
    assert.equal(bar()?.hidden, true, 'no bar while nothing was skipped');
    m.deliver({ type: 'skippedLines', lines: describeLogProblems([...problems, ...update.problems]) });
    assert.equal(bar()?.hidden, false);
    assert.equal(bar()?.getAttribute('role'), 'alert');
    assert.match(
      textOf(bar()?.querySelector('.skipped-summary')),
      /^5 lines of adjudications\.jsonl skipped: decisions on them are not counted\.$/,
    );
    const items = Array.from(bar()?.querySelectorAll('li') ?? []).map((li) => textOf(li));
    assert.deepEqual(items, [
      `${file} line 1: git conflict marker "<<<<<<<" (a merge without merge=union)`,
      `${file} line 3: git conflict marker "=======" (a merge without merge=union)`,
      `${file} line 5: git conflict marker ">>>>>>>" (a merge without merge=union)`,
      `${file} line 6: an event for item "42", which this run does not have`,
      `${file} line 7: not valid JSON`,
      CONFLICT_MARKER_FIX,
    ]);
    m.deliver({ type: 'skippedLines', lines: [] });
    assert.equal(bar()?.hidden, true, 'a clean log hides the bar');
  });
});
