// Issue 12, defect 9: a line of adjudications.jsonl that is not a valid event, or an event for an item the
// run does not have, is reported (file, line, reason; conflict markers named, with the fix), never skipped
// in silence; a run that ends with item errors exits non-zero.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../../server';
import { CONFLICT_MARKER_FIX } from '../../../src/core/adjudication/adjudicationLog';
import { readManifest } from '../../../src/core/runs/runFolder';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { type SyntheticRun, eventOn, writeSyntheticRun } from '../../helpers/syntheticRun';

/** A log after a merge without merge=union, a hand edit and a copied line: lines 1 to 9. */
function damagedLog(run: SyntheticRun): void {
  const event = (itemId: string, annotator: string, verdict: boolean): string =>
    JSON.stringify(eventOn(run, { itemId, annotator, minute: 1, verdict }));
  const noNote: Record<string, unknown> = { ...eventOn(run, { itemId: '3', annotator: 'cho', minute: 1, verdict: true }) };
  delete noNote['note'];
  appendFileSync(
    run.adjudications,
    [
      event('0', 'ann', true), // 1
      '<<<<<<< HEAD', // 2
      event('1', 'ann', false), // 3
      '=======', // 4
      event('2', 'ben', true), // 5
      '>>>>>>> origin/main', // 6
      '{"id": "not json', // 7
      JSON.stringify(noNote), // 8
      event('99', 'ann', true), // 9: not an item of this 20-item run
      '',
    ].join('\n'),
  );
}

test('summary, export, report, queue, table and adjudicate name every skipped line on stderr; conflict markers with the fix', async () => {
  const run = writeSyntheticRun(join(scratchDir('skipped'), 'run'), 20);
  damagedLog(run);
  const file = run.adjudications;
  const expected = [
    `eval-adjudicator: warning: skipped ${file} line 2: git conflict marker "<<<<<<<" (a merge without merge=union)`,
    `eval-adjudicator: warning: skipped ${file} line 4: git conflict marker "=======" (a merge without merge=union)`,
    `eval-adjudicator: warning: skipped ${file} line 6: git conflict marker ">>>>>>>" (a merge without merge=union)`,
    `eval-adjudicator: warning: skipped ${file} line 7: not valid JSON`,
    `eval-adjudicator: warning: skipped ${file} line 8, field "note": Invalid input: expected string, received undefined`,
    `eval-adjudicator: warning: skipped ${file} line 9: an event for item "99", which this run does not have`,
    `eval-adjudicator: warning: ${CONFLICT_MARKER_FIX}`,
  ];
  assert.match(CONFLICT_MARKER_FIX, /resolve the conflict.*adjudications\.jsonl merge=union.*\.gitattributes/);
  for (const argv of [
    ['summary', run.dir],
    ['summary', run.dir, '--json'],
    ['export', run.dir, '--adjudicated', '--format', 'csv'],
    ['report', run.dir, '--format', 'json'],
    ['queue', run.dir, '--json'],
    ['table', run.dir, '--format', 'csv'],
    ['adjudicate', run.dir, '--item', '5', '--verdict', 'true', '--annotator', 'dee'],
  ]) {
    const result = await runCli(argv);
    assert.equal(result.code, 0, `${argv.join(' ')}: ${result.stderr}`);
    const warnings = result.stderr.split('\n').filter((l) => l.startsWith('eval-adjudicator: warning:'));
    assert.deepEqual(warnings, expected, argv.join(' '));
  }
  // The events between the markers are both sides' work: they count.
  const summary = JSON.parse((await runCli(['summary', run.dir, '--json'])).stdout) as { adjudicated: { reviewed: number } };
  assert.equal(summary.adjudicated.reviewed, 4, 'items 0, 1 and 2 from the log, 5 from adjudicate');
  assert.ok(readFileSync(file, 'utf8').includes('<<<<<<< HEAD'), 'nothing rewrites the log');
});

test('a clean log: no warning at all', async () => {
  const run = writeSyntheticRun(join(scratchDir('clean'), 'run'), 5);
  appendFileSync(run.adjudications, `${JSON.stringify(eventOn(run, { itemId: '0', annotator: 'ann', minute: 1, verdict: true }))}\n`);
  const result = await runCli(['summary', run.dir]);
  assert.equal(result.code, 0);
  assert.equal(result.stderr, '');
});

test('run: an endpoint that was never reachable stops the run with exit 3 and one line naming it; no item is recorded as an error', async (t) => {
  const templatePath = join(sharedDataDir, 'yokaieval', 'judge_prompt.txt');
  if (!requireSharedFile(t, templatePath)) return;
  const server = await startTestServer();
  const url = server.url;
  await server.close();
  const out = scratchDir('unreachable');
  const result = await runCli(
    [
      'run',
      'yokaieval',
      '--model',
      'm',
      '--base-url',
      url,
      '--judge-model',
      'j',
      '--judge-base-url',
      url,
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--limit',
      '4',
      '--max-attempts',
      '1',
      '--no-cache',
    ],
    { env: {} },
  );
  assert.equal(result.code, 3, result.stderr);
  const said = result.stderr.split('\n').filter((l) => l !== '');
  assert.equal(said.length, 1, result.stderr);
  assert.ok(said[0]?.startsWith(`eval-adjudicator: ${url}: connection refused`), result.stderr);
  const [runDir] = readdirSync(out, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(out, e.name));
  assert.ok(runDir !== undefined, 'the run folder stays, for --resume');
  assert.deepEqual(readManifest(runDir).counts, { items: 4, done: 0, error: 0, missing: 4 });
});
