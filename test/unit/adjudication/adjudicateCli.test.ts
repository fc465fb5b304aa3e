import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { importOfficialYokaiEval } from '../../../src/core/benchmarks/yokaieval/importOfficial';
import { readAdjudicationLog } from '../../../src/core/adjudication/adjudicationLog';
import { runCli } from '../../helpers/cli';
import { csvRecords } from '../../helpers/csv';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const gpt4o = join(sharedDataDir, 'yokaieval', 'official-results', 'gpt4o.json');

async function importedRun(): Promise<string> {
  const dir = join(scratchDir('adj'), 'run');
  await importOfficialYokaiEval(gpt4o, dir, { dataDir: sharedDataDir });
  return dir;
}

const AdjudicatedSchema = z.object({
  automatic: z.object({ accuracy: z.number(), counts: z.object({ null: z.number() }) }),
  adjudicated: z.object({
    accuracy: z.number(),
    items: z.number(),
    overrides: z.record(z.string(), z.number()),
    flagged: z.number(),
    stale: z.number(),
    conflicts: z.number(),
  }),
});

test('adjudicate appends the panel’s event; summary and the adjudicated export reflect it; results.jsonl never changes', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const run = await importedRun();
  const resultsBefore = readFileSync(join(run, 'results.jsonl'));
  const summaryBefore = AdjudicatedSchema.parse(JSON.parse((await runCli(['summary', run, '--json'])).stdout));
  const nulls = summaryBefore.automatic.counts.null;
  assert.ok(nulls > 0);

  const exportedBefore = csvRecords((await runCli(['export', run, '--format', 'csv'])).stdout);
  const firstNull = exportedBefore.find((r) => r['verdict'] === 'null')?.['itemId'];
  assert.ok(firstNull !== undefined);

  const r1 = await runCli([
    'adjudicate',
    run,
    '--item',
    firstNull,
    '--verdict',
    'true',
    '--flag',
    'invented-entity',
    '--note',
    'の妖怪 is real',
    '--annotator',
    'Aiko',
  ]);
  assert.equal(r1.code, 0, r1.stderr);
  const r2 = await runCli(['adjudicate', run, '--item', '0', '--verdict', 'false', '--annotator', 'Lead', '--role', 'adjudicator']);
  assert.equal(r2.code, 0, r2.stderr);
  const r3 = await runCli(['adjudicate', run, '--item', firstNull, '--verdict', 'true', '--annotator', 'Aiko']);
  assert.equal(r3.code, 0);

  const log = readAdjudicationLog(join(run, 'adjudications.jsonl'));
  assert.equal(log.events.length, 3);
  assert.deepEqual(log.problems, []);
  const last = log.events[2]?.event;
  assert.equal(last?.hallucination, 'invented-entity', 'flag and note are kept when not given');
  assert.equal(last?.note, 'の妖怪 is real');

  const summary = AdjudicatedSchema.parse(JSON.parse((await runCli(['summary', run, '--json'])).stdout));
  assert.equal(summary.adjudicated.items, 2);
  assert.deepEqual(summary.adjudicated.overrides, { 'null->true': 1, 'true->false': 1 });
  assert.equal(summary.adjudicated.flagged, 1);
  assert.equal(summary.adjudicated.accuracy, summary.automatic.accuracy, 'one gained, one lost');

  const csv = csvRecords((await runCli(['export', run, '--adjudicated', '--format', 'csv'])).stdout);
  const row = csv.find((r) => r['itemId'] === firstNull);
  assert.deepEqual(
    [row?.['automaticVerdict'], row?.['humanVerdict'], row?.['flags'], row?.['notes']],
    ['null', 'true', 'invented-entity', 'Aiko: の妖怪 is real'],
  );
  assert.equal(csv.find((r) => r['itemId'] === '1')?.['humanVerdict'], '', 'no decision: empty cell');
  assert.deepEqual(readFileSync(join(run, 'results.jsonl')), resultsBefore);
});

test('--from CSV appends every row, or nothing when any row is invalid', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const run = await importedRun();
  const dir = scratchDir('csv');
  const good = join(dir, 'good.csv');
  writeFileSync(good, '\uFEFFitemId,verdict,flag,note,annotator\r\n5,true,,"multi\nline",Ben\r\n6,,other,unsure,\r\n');
  const ok = await runCli(['adjudicate', run, '--from', good, '--annotator', 'Default']);
  assert.equal(ok.code, 0, ok.stderr);
  const events = readAdjudicationLog(join(run, 'adjudications.jsonl')).events.map((l) => l.event);
  assert.deepEqual(
    events.map((e) => [e.itemId, e.annotator, e.verdict, e.hallucination, e.note]),
    [
      ['5', 'Ben', true, null, 'multi\nline'],
      ['6', 'Default', undefined, 'other', 'unsure'],
    ],
  );

  const bad = join(dir, 'bad.csv');
  for (const [content, message] of [
    ['itemId,verdict\n7,true\n99999,false\n', /bad\.csv, line 3, field "itemId": "99999" is not an item/],
    ['itemId,verdict\n7,maybe\n', /line 2, field "verdict"/],
    ['itemId,verdict,flag\n7,true,ghost\n', /line 2, field "flag": "ghost" is not a category/],
    ['itemId,verdict,extra\n7,true,x\n', /line 1, field "extra": unknown column/],
  ] as const) {
    writeFileSync(bad, content);
    const result = await runCli(['adjudicate', run, '--from', bad]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, message);
  }
  assert.equal(readAdjudicationLog(join(run, 'adjudications.jsonl')).events.length, 2, 'nothing appended from a bad file');
});

test('bad arguments give a one-line error and exit code 2', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const run = await importedRun();
  for (const args of [
    ['adjudicate', run, '--item', '0', '--verdict', 'maybe'],
    ['adjudicate', run, '--item', '0'],
    ['adjudicate', run, '--item', '0', '--verdict', 'true', '--flag', 'ghost'],
    ['adjudicate', run, '--bogus'],
    ['run', 'yokaieval', '--concurrency', 'many'],
    ['export', run],
    ['nonsense'],
  ]) {
    const result = await runCli(args);
    assert.equal(result.code, 2, args.join(' '));
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  }
  const unknownItem = await runCli(['adjudicate', run, '--item', '9999', '--verdict', 'true']);
  assert.equal(unknownItem.code, 1);
  assert.match(unknownItem.stderr, /"9999" is not an item/);
});
