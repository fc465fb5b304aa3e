// One definition of "reviewed": an item with a current verdict (a flag or a note alone leaves it to do).
// `summary` counts it and says so in the same words, the review header counts the same items, and the
// docs/run-folder.md states it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { eventOn, writeSyntheticRun } from '../../helpers/syntheticRun';

test('a note-only and a flag-only item are not reviewed: summary, its words, the review header and docs/run-folder.md agree', async () => {
  const run = writeSyntheticRun(join(scratchDir('reviewed'), 'run'), 6);
  const events = [
    eventOn(run, { itemId: '0', annotator: 'Aiko', minute: 1, verdict: true }),
    eventOn(run, { itemId: '1', annotator: 'Aiko', minute: 2, note: 'a note, no verdict' }),
    eventOn(run, { itemId: '2', annotator: 'Ben', minute: 3, flag: 'other' }),
    eventOn(run, { itemId: '3', annotator: 'Ben', minute: 4, verdict: null, note: 'unsure' }),
  ];
  writeFileSync(run.adjudications, events.map((e) => `${JSON.stringify(e)}\n`).join(''));

  const json = await runCli(['summary', run.dir, '--json']);
  assert.equal(json.code, 0, json.stderr);
  const reviewed = z.object({ adjudicated: z.object({ reviewed: z.number() }) }).parse(JSON.parse(json.stdout)).adjudicated.reviewed;
  assert.equal(reviewed, 2);

  const text = await runCli(['summary', run.dir]);
  const line = text.stdout.split('\n').find((l) => l.startsWith('review '));
  assert.equal(
    line,
    'review     2 of 6 reviewed (2 with a final human verdict); reviewed: a current verdict (true, false or null); a flag or a note alone leaves an item to do',
  );

  const { session } = ReviewSession.open(run.dir, 'Aiko');
  assert.equal(session.header().reviewedItems, reviewed);

  const spec = readFileSync(resolve(__dirname, '../../../docs/run-folder.md'), 'utf8');
  const paragraph = spec.split('\n\n').find((p) => p.startsWith('**Reviewed.**')) ?? '';
  assert.match(
    paragraph.replace(/\s+/g, ' '),
    /holds a verdict \(true, false or null\); a hallucination flag or a note alone leaves it to do/,
  );
});
