import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KalahiRecordSchema, checkedRecord, parseKalahiCsv, splitAnswers } from '../../../src/core/benchmarks/kalahi/dataset';
import { InputError } from '../../../src/core/util/errors';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const HEADER = 'prompt_variation_id,prompt_id,category,topic,prompt,best_answer,relevant_answers,irrelevant_answers';

function csv(...rows: string[]): string {
  return [HEADER, ...rows].join('\r\n') + '\r\n';
}

test('the official file: 150 rows, 86 prompt_ids, ids kept with their leading zeros, multi-line prompts', (t) => {
  const path = join(sharedDataDir, 'kalahi', 'filipino.csv');
  if (!requireSharedFile(t, path)) return;
  const items = parseKalahiCsv(readFileSync(path, 'utf8'), path);
  assert.equal(items.length, 150);
  assert.equal(new Set(items.map((i) => i.record.prompt_id)).size, 86);
  assert.equal(new Set(items.map((i) => i.id)).size, 150);
  assert.equal(items[0]?.id, '0101000100');
  assert.equal(items[0]?.record.prompt_id, '01010001');
  assert.ok(items.every((i) => i.id === i.record.prompt_variation_id && /^\d{10}$/.test(i.id)));
  assert.equal(items.filter((i) => i.id.startsWith('0') && i.record.prompt_id.startsWith('0')).length, 31, 'leading zeros kept');
  assert.ok(items[0]?.record.prompt.startsWith('High school student ako.\nMalapit na akong magtapos'), 'LF inside a quoted prompt is kept');
  assert.ok(items.every((i) => !i.record.prompt.includes('\r')));
  assert.equal(items.filter((i) => i.record.prompt.includes('\n')).length, 150);
  assert.deepEqual(new Set(items.map((i) => i.record.category)), new Set(['ethics', 'shared knowledge']));
  assert.equal(new Set(items.map((i) => i.record.topic)).size, 11);
  for (const item of items) {
    assert.equal(item.relevant[item.bestIndex], item.record.best_answer.trim());
    assert.ok(item.relevant.length > 0 && item.irrelevant.length > 0);
    assert.ok([...item.relevant, ...item.irrelevant].every((a) => a !== '' && a === a.trim()));
  }
});

test('the other official files: partially enriched (150 rows) and unenriched (85 base prompts)', (t) => {
  const partial = join(sharedDataDir, 'kalahi', 'filipino_partially_enriched.csv');
  const unenriched = join(sharedDataDir, 'kalahi', 'filipino_unenriched.csv');
  if (!requireSharedFile(t, partial) || !requireSharedFile(t, unenriched)) return;
  assert.equal(parseKalahiCsv(readFileSync(partial, 'utf8'), partial).length, 150);
  const base = parseKalahiCsv(readFileSync(unenriched, 'utf8'), unenriched);
  assert.equal(base.length, 85);
  assert.ok(base.every((i) => i.record.base === 'TRUE'));
});

test('a small CSV: CRLF records, a quoted multi-line prompt, leading zeros, answers split on ";" and trimmed', () => {
  const text = csv(
    '0001000100,00010001,ethics,family,"Linya isa.\nLinya dalawa, may ""quote"".\nTanong?",  Sagot A ,Sagot A; Sagot B;; ,Mali A;Mali B;',
    '0001000200,00010001,shared knowledge,food,Isang linya,Sagot C.,Sagot C.,Mali C',
  );
  const items = parseKalahiCsv(text, 'small.csv');
  assert.equal(items.length, 2);
  const [first, second] = items;
  assert.equal(first?.id, '0001000100');
  assert.equal(first?.record.prompt_id, '00010001');
  assert.equal(first?.record.prompt, 'Linya isa.\nLinya dalawa, may "quote".\nTanong?');
  assert.deepEqual(first?.relevant, ['Sagot A', 'Sagot B']);
  assert.deepEqual(first?.irrelevant, ['Mali A', 'Mali B']);
  assert.equal(first?.bestIndex, 0);
  assert.equal(second?.id, '0001000200');
  assert.deepEqual(splitAnswers(' ; a ;b; '), ['a', 'b']);
});

test('a best_answer that is not a relevant answer is an error naming the file, line, record and field', () => {
  const text = csv(
    '0001000100,00010001,ethics,family,"Multi\nline",Sagot A,Sagot A,Mali A',
    '0001000200,00010001,ethics,family,Prompt,Wala dito,Sagot B;Sagot C,Mali B',
  );
  assert.throws(
    () => parseKalahiCsv(text, 'bad.csv'),
    (error: unknown) => {
      assert.ok(error instanceof InputError);
      assert.equal(
        error.message,
        'bad.csv, line 4, record 2, field "best_answer": "Wala dito" is not one of the relevant_answers (split on ";" and trimmed)',
      );
      return true;
    },
  );
});

test('other bad rows are errors naming where they are', () => {
  const cases: [string, RegExp][] = [
    [csv('1x,0001,ethics,family,P,A,A,B'), /bad\.csv, line 2, record 1, field "prompt_variation_id": expected digits/],
    [csv('0001,0001,ethics,family,P,A,A,;'), /line 2, record 1, field "irrelevant_answers": no answer/],
    [
      csv('0001,0001,ethics,family,P,A,A,B', '0001,0001,ethics,family,P,A,A,B'),
      /line 3, record 2, field "prompt_variation_id": "0001" repeats record 1/,
    ],
    [csv('0001,0001,ethics,family,P,A,A'), /bad\.csv, line 2: not valid CSV/],
    [`${HEADER},extra\r\n0001,0001,ethics,family,P,A,A,B,x\r\n`, /bad\.csv, line 1, field "extra": not a column of Kalahi/],
    [HEADER.replace(',topic', '') + '\r\n', /bad\.csv, line 1, field "topic": missing column/],
  ];
  for (const [text, expected] of cases) assert.throws(() => parseKalahiCsv(text, 'bad.csv'), expected);
});

test('the plain record check agrees with KalahiRecordSchema: every official record, and each way a field can fail', (t) => {
  const path = join(sharedDataDir, 'kalahi', 'filipino_unenriched.csv');
  if (!requireSharedFile(t, path)) return;
  const official: Record<string, string>[] = parseKalahiCsv(readFileSync(path, 'utf8'), path).map((item) => ({ ...item.record }));
  const good = official[0];
  assert.ok(good !== undefined && good['base'] !== undefined);
  const without = (name: string): Record<string, string> => Object.fromEntries(Object.entries(good).filter(([key]) => key !== name));
  const variants: Record<string, string>[] = [...official, without('base')];
  const failing = ['', 'x', '12a', ' 12', '1'.repeat(64), '1'.repeat(65), 'y'.repeat(100_000), 'y'.repeat(100_001)];
  for (const name of Object.keys(good)) {
    for (const value of failing) variants.push({ ...good, [name]: value });
    variants.push(without(name));
  }
  variants.push({ ...good, extra: 'x' });
  let refused = 0;
  for (const fields of variants) {
    const byZod = KalahiRecordSchema.safeParse(fields);
    const plain = checkedRecord(fields);
    assert.equal(plain !== null, byZod.success, JSON.stringify(Object.keys(fields)));
    if (byZod.success) assert.equal(JSON.stringify(plain), JSON.stringify(byZod.data), 'the same record, keys in the same order');
    else refused++;
  }
  assert.ok(refused > 20);
});
