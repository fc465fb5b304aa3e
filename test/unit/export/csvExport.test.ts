// Issue 12, defect 1: every CSV the tool writes is RFC 4180, read back by a standard reader (CRLF, LF and CR
// all end an unquoted record, as in Python's csv module and spreadsheets) as exactly one record per item,
// every field equal to its source text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { startTestServer } from '../../server';
import { importOfficialYokaiEval } from '../../../src/core/benchmarks/yokaieval/importOfficial';
import { readKalahiResults } from '../../../src/core/benchmarks/kalahi/kalahiResults';
import { readManifest } from '../../../src/core/runs/runFolder';
import { type CrossRunRow, renderCrossRunTable } from '../../../src/core/reports/crossRunTable';
import { toCsv } from '../../../src/core/util/csv';
import { runCli } from '../../helpers/cli';
import { csvRecords, csvRows } from '../../helpers/csv';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { readRunResults } from '../../../src/core/benchmarks/runRegistry';

const gpt4o = join(sharedDataDir, 'yokaieval', 'official-results', 'gpt4o.json');
const kalahiCsv = join(sharedDataDir, 'kalahi', 'filipino.csv');

/** Cells a naive writer gets wrong: line breaks of every kind, quotes, commas, and a formula-looking text. */
const AWKWARD = [
  'first line\nsecond line',
  'she said "no", then left',
  'windows\r\nline end',
  'old mac\rline end',
  'comma, only',
  '"quoted at both ends"',
  '  spaces kept  ',
  '=SUM(A1:A3)',
  'trailing newline\n',
  '妖怪の説明\n「河童」, "kappa"\r\n終わり',
];

const YokaiInputs = z.object({ question: z.string(), choices: z.array(z.string()), answer: z.string() });

test('toCsv: every awkward cell comes back equal, one record per row, each record ending in CRLF', () => {
  const rows = AWKWARD.map((text, i) => [String(i), text, '', text]);
  const csv = toCsv(['id', 'text', 'empty', 'again'], rows);
  assert.ok(csv.startsWith('\uFEFFid,text,empty,again\r\n'));
  assert.ok(csv.endsWith('\r\n'));
  assert.deepEqual(csvRows(csv), [['id', 'text', 'empty', 'again'], ...rows]);
  // Outside quoted cells the only line break is the CRLF ending each record.
  const outsideQuotes = csv.replace(/"(?:[^"]|"")*"/g, '');
  assert.equal(outsideQuotes.match(/\r\n/g)?.length, rows.length + 1);
  assert.equal(outsideQuotes.replace(/\r\n/g, '').match(/[\r\n]/), null);
});

test('the official gpt4o run: plain and adjudicated CSV exports read back as 810 records equal to their sources', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const dir = scratchDir('csv-gpt4o');
  const run = join(dir, 'gpt4o');
  await importOfficialYokaiEval(gpt4o, run, { dataDir: sharedDataDir });
  const manifest = readManifest(run);
  const current = readRunResults(run).byItem;
  assert.equal(manifest.dataset.itemIds.length, 810);

  const plainPath = join(dir, 'plain.csv');
  const plain = await runCli(['export', run, '--format', 'csv', '--out', plainPath]);
  assert.equal(plain.code, 0, plain.stderr);
  const records = csvRecords(readFileSync(plainPath, 'utf8'));
  assert.equal(records.length, 810);
  let multiLine = 0;
  records.forEach((record, i) => {
    const itemId = manifest.dataset.itemIds[i] ?? '';
    const line = current.get(itemId);
    assert.ok(line !== undefined);
    const inputs = YokaiInputs.parse(line.inputs);
    const expected = {
      itemId,
      question: inputs.question,
      choices: inputs.choices.join('\n'),
      gold: inputs.answer,
      response: line.response ?? '',
      judgeReply: line.judgeReply ?? '',
      verdict: line.error !== null ? '' : String(line.verdict),
      error: '',
    };
    assert.deepEqual(record, expected, `item ${itemId}`);
    if (/[\r\n]/.test(Object.values(expected).join(''))) multiLine += 1;
  });
  assert.equal(multiLine, 810, 'every item has a multi-line cell (its choices), so the test reads what broke');

  // Notes with every awkward text, by two annotators, through the CLI as an annotator would write them.
  const noted = manifest.dataset.itemIds.slice(0, AWKWARD.length);
  for (const [i, itemId] of noted.entries()) {
    const note = AWKWARD[i] ?? '';
    const r = await runCli([
      'adjudicate',
      run,
      '--item',
      itemId,
      '--verdict',
      i % 2 === 0 ? 'true' : 'none',
      '--flag',
      'invented-entity',
      '--note',
      note,
      '--annotator',
      'Aiko',
    ]);
    assert.equal(r.code, 0, r.stderr);
  }
  const second = await runCli([
    'adjudicate',
    run,
    '--item',
    noted[0] ?? '',
    '--verdict',
    'true',
    '--note',
    'two\nlines, "quoted"',
    '--annotator',
    'Ben',
  ]);
  assert.equal(second.code, 0, second.stderr);

  const adjudicatedPath = join(dir, 'adjudicated.csv');
  const adjudicated = await runCli(['export', run, '--adjudicated', '--format', 'csv', '--out', adjudicatedPath]);
  assert.equal(adjudicated.code, 0, adjudicated.stderr);
  const rows = csvRecords(readFileSync(adjudicatedPath, 'utf8'));
  assert.equal(rows.length, 810);
  assert.deepEqual(
    rows.map((r) => r['itemId']),
    manifest.dataset.itemIds,
  );
  rows.forEach((row, i) => {
    const line = current.get(row['itemId'] ?? '');
    assert.ok(line !== undefined);
    const inputs = YokaiInputs.parse(line.inputs);
    assert.deepEqual(
      [row['question'], row['choices'], row['gold'], row['response'], row['judgeReply']],
      [inputs.question, inputs.choices.join('\n'), inputs.answer, line.response ?? '', line.judgeReply ?? ''],
    );
    const notes = i === 0 ? `Aiko: ${AWKWARD[0] ?? ''}\nBen: two\nlines, "quoted"` : i < AWKWARD.length ? `Aiko: ${AWKWARD[i] ?? ''}` : '';
    assert.equal(row['notes'], notes, `notes of item ${row['itemId'] ?? ''}`);
    assert.equal(row['flags'], i < AWKWARD.length ? 'invented-entity' : '');
  });
});

test('a Kalahi run: multi-line prompts, multi-line answers with quotes, commas and CRLF, and such notes read back per item', async (t) => {
  if (!requireSharedFile(t, kalahiCsv)) return;
  const tail = 'Una, "oo".\r\nIkalawa,\nhuli';
  const server = await startTestServer({
    script: (req, fallback) => {
      const reply = fallback(req);
      return 'content' in reply && reply.content !== null ? { ...reply, content: `${reply.content}\n${tail}` } : reply;
    },
  });
  t.after(() => server.close());
  const dir = scratchDir('csv-kalahi');
  const result = await runCli(
    [
      'run',
      'kalahi',
      '--task',
      'open',
      '--metrics',
      'chrf',
      '--model',
      'm',
      '--base-url',
      server.url,
      '--data',
      sharedDataDir,
      '--out',
      dir,
      '--limit',
      '20',
      '--no-cache',
    ],
    { env: {} },
  );
  assert.equal(result.code, 0, result.stderr);
  const run = result.lastLine;
  const manifest = readManifest(run);
  const lines = readKalahiResults(run, manifest);
  const ids = manifest.dataset.itemIds;
  assert.equal(ids.length, 20);

  // Decisions from a CSV written by the same writer: each row's note is an awkward text.
  const decisionsPath = join(dir, 'decisions.csv');
  writeFileSync(
    decisionsPath,
    toCsv(
      ['itemId', 'verdict', 'flag', 'note', 'annotator'],
      ids.slice(0, AWKWARD.length).map((id, i) => [id, i % 3 === 0 ? 'false' : '', '', AWKWARD[i] ?? '', 'Aiko, "A."']),
    ),
  );
  const decided = await runCli(['adjudicate', run, '--from', decisionsPath]);
  assert.equal(decided.code, 0, decided.stderr);

  const plainPath = join(dir, 'plain.csv');
  assert.equal((await runCli(['export', run, '--format', 'csv', '--out', plainPath])).code, 0);
  const plain = csvRecords(readFileSync(plainPath, 'utf8'));
  assert.deepEqual(
    plain.map((r) => r['itemId']),
    ids,
    'one record per item, in dataset order',
  );
  for (const row of plain) {
    const line = lines.get(row['itemId'] ?? '');
    assert.ok(line?.open !== undefined);
    assert.equal(row['prompt'], line.inputs['prompt']);
    assert.ok(row['prompt']?.includes('\n'), 'Kalahi prompts are multi-line');
    assert.equal(row['bestAnswer'], line.inputs['best_answer']);
    assert.equal(row['answer'], line.open.answer);
    assert.ok(row['answer']?.includes('Ikalawa,\nhuli'), 'the answer kept its line breaks, quotes and commas');
  }

  const adjudicatedPath = join(dir, 'adjudicated.csv');
  assert.equal((await runCli(['export', run, '--adjudicated', '--format', 'csv', '--out', adjudicatedPath])).code, 0);
  const rows = csvRecords(readFileSync(adjudicatedPath, 'utf8'));
  assert.deepEqual(
    rows.map((r) => r['itemId']),
    ids,
  );
  rows.forEach((row, i) => {
    const line = lines.get(row['itemId'] ?? '');
    assert.ok(line?.open !== undefined);
    assert.deepEqual([row['prompt'], row['answer']], [line.inputs['prompt'], line.open.answer]);
    assert.equal(row['notes'], i < AWKWARD.length ? `Aiko, "A.": ${AWKWARD[i] ?? ''}` : '');
    assert.equal(row['annotators'], i < AWKWARD.length ? 'Aiko, "A."' : '');
  });

  // The cross-run table of the run reads back as one record.
  const tablePath = join(dir, 'table.csv');
  const table = await runCli(['table', run, '--format', 'csv', '--out', tablePath]);
  assert.equal(table.code, 0, table.stderr);
  const tableRows = csvRecords(readFileSync(tablePath, 'utf8'));
  assert.deepEqual(
    tableRows.map((r) => [r['benchmark'], r['model'], r['run']]),
    [['kalahi', 'm', manifest.id]],
  );
});

test('the cross-run table CSV quotes model and judge names holding line breaks, quotes and commas', () => {
  const row = (model: string, judge: string): CrossRunRow => ({
    benchmark: 'yokaieval',
    model,
    judge,
    runId: `run ${model}`,
    items: 810,
    automatic: 0.5,
    automaticCI: [0.4, 0.6],
    adjudicated: null,
    adjudicatedCI: null,
    method: 'none',
    humanVerdicts: 0,
    kappa: null,
    kappaCI: null,
    humanKappa: null,
    flags: ['few-labels', 'not-estimated'],
  });
  const rows = AWKWARD.map((text, i) => row(text, AWKWARD[AWKWARD.length - 1 - i] ?? ''));
  const records = csvRecords(renderCrossRunTable(rows, 'csv'));
  assert.equal(records.length, rows.length);
  records.forEach((record, i) => {
    assert.deepEqual(
      [record['model'], record['judge'], record['run'], record['flags']],
      [rows[i]?.model, rows[i]?.judge, rows[i]?.runId, 'few-labels;not-estimated'],
    );
  });
});
