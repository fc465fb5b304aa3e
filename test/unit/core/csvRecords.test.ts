import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { CsvSyntaxError, readCsvRecords } from '../../../src/core/util/csvRecords';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

/** csv-parse 6 with the options the Kalahi loader used before: the reader must give the same records and refuse the same texts. */
function byCsvParse(text: string): string[][] | 'error' {
  try {
    return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch {
    return 'error';
  }
}

function byReader(text: string): string[][] | 'error' {
  try {
    return readCsvRecords(text).map((r) => r.fields);
  } catch (error) {
    assert.ok(error instanceof CsvSyntaxError, String(error));
    return 'error';
  }
}

test('the official Kalahi files: the same records as csv-parse, each starting on the line its id begins', (t) => {
  for (const name of ['filipino.csv', 'filipino_partially_enriched.csv', 'filipino_unenriched.csv']) {
    const path = join(sharedDataDir, 'kalahi', name);
    if (!requireSharedFile(t, path)) return;
    const text = readFileSync(path, 'utf8');
    const records = readCsvRecords(text);
    assert.deepEqual(
      records.map((r) => r.fields),
      byCsvParse(text),
      name,
    );
    const lines = text.split('\n');
    for (const record of records.slice(1))
      assert.ok(lines[record.line - 1]?.startsWith(`${record.fields[0]},`), `${name}: record ${record.fields[0]} at line ${record.line}`);
  }
});

test('5 000 random texts of quotes, commas, CR, LF, CRLF and BOMs: the same records or the same refusal as csv-parse', () => {
  const pieces = ['a', 'b', ',', '"', '\r', '\n', '\r\n', '""', ' ', '\uFEFF'];
  let seed = 7;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  let refused = 0;
  for (let k = 0; k < 5_000; k++) {
    let text = '';
    for (let i = Math.floor(next() * 14); i > 0; i--) text += pieces[Math.floor(next() * pieces.length)];
    const expected = byCsvParse(text);
    assert.deepEqual(byReader(text), expected, JSON.stringify(text));
    if (expected === 'error') refused++;
  }
  assert.ok(refused > 250 && refused < 4_750, `both kinds of text drawn (${refused} refused)`);
});

test('line numbers: the line a record starts on, LFs inside quotes and skipped empty lines counted', () => {
  const records = readCsvRecords('\uFEFFh1,h2\r\n\r\n"a\nb",c\r\nd,"e\n\nf"\r\ng,h');
  assert.deepEqual(records, [
    { fields: ['h1', 'h2'], line: 1 },
    { fields: ['a\nb', 'c'], line: 3 },
    { fields: ['d', 'e\n\nf'], line: 5 },
    { fields: ['g', 'h'], line: 8 },
  ]);
  // The record delimiter is the first line break outside quotes: a bare LF in a CRLF file is field text.
  assert.deepEqual(
    readCsvRecords('a,b\r\nc\nd,e\r\n').map((r) => r.fields),
    [
      ['a', 'b'],
      ['c\nd', 'e'],
    ],
  );
});

test('refusals say where: an unclosed quote, a quote in an unquoted field, text after a closing quote, a short record', () => {
  const cases: [string, number, RegExp][] = [
    ['a,b\r\nc,"d\r\ne', 2, /not closed/],
    ['a,b\r\nc,d"e\r\n', 2, /quote inside an unquoted field \(field 2\)/],
    ['a,b\r\n\r\n"c"x,d\r\n', 3, /closing quote is followed by "x"/],
    ['a,b\r\n"c\nc",d\r\ne\r\n', 4, /1 fields where the first record has 2/],
  ];
  for (const [text, line, message] of cases) {
    assert.throws(
      () => readCsvRecords(text),
      (error: unknown) => error instanceof CsvSyntaxError && error.line === line && message.test(error.message),
      JSON.stringify(text),
    );
  }
});
