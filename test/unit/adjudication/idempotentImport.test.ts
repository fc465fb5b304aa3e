// adjudicate --from is idempotent: a row is one event whatever number of times it is imported (twice in
// the file, the file imported again, an import killed midway and run again), and it says how many rows
// were new.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAdjudicationLog } from '../../../src/core/adjudication/adjudicationLog';
import { toCsv } from '../../../src/core/util/csv';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { writeSyntheticRun } from '../../helpers/syntheticRun';

test('the same rows imported twice, and again after a kill midway, are one event each', async () => {
  const run = writeSyntheticRun(join(scratchDir('idempotent-import'), 'run'), 6);
  const rows = run.ids.map((itemId, i) => [itemId, i % 2 === 0 ? 'true' : 'false', '', `note ${i}`, 'Aiko']);
  const file = join(run.dir, 'decisions.csv');
  writeFileSync(file, toCsv(['itemId', 'verdict', 'flag', 'note', 'annotator'], [...rows, rows[1] ?? []]));
  const events = (): { itemId: string; id: string }[] =>
    readAdjudicationLog(run.adjudications).events.map((l) => ({ itemId: l.event.itemId, id: l.event.id }));

  const first = await runCli(['adjudicate', run.dir, '--from', file]);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stderr, /^6 of 7 rows new /m);
  assert.deepEqual(
    events().map((e) => e.itemId),
    run.ids,
  );

  // As a kill midway leaves it: three whole lines and a torn fourth.
  const lines = readFileSync(run.adjudications, 'utf8').split('\n');
  writeFileSync(run.adjudications, `${lines.slice(0, 3).join('\n')}\n${(lines[3] ?? '').slice(0, 40)}`);
  const again = await runCli(['adjudicate', run.dir, '--from', file]);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, /^3 of 7 rows new /m);
  assert.deepEqual(
    events().map((e) => e.itemId),
    run.ids,
    'each row once, none lost',
  );

  const third = await runCli(['adjudicate', run.dir, '--from', file]);
  assert.match(third.stderr, /^0 of 7 rows new /m);
  const ids = events().map((e) => e.id);
  assert.equal(new Set(ids).size, 6);
  assert.equal(ids.length, 6);
});
