import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYokaiEval } from '../../../src/core/benchmarks/yokaieval/dataset';
import { normalizeRegion } from '../../../src/core/benchmarks/yokaieval/region';
import { renderQuestionPrompt } from '../../../src/core/benchmarks/yokaieval/questionPrompt';
import { InputError } from '../../../src/core/util/errors';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const datasetPath = join(sharedDataDir, 'yokaieval', 'YokaiEval.json');

test('all 810 official records load, ids are array positions, one question text appears twice', (t) => {
  if (!requireSharedFile(t, datasetPath)) return;
  const items = parseYokaiEval(readFileSync(datasetPath, 'utf8'), datasetPath);
  assert.equal(items.length, 810);
  assert.deepEqual(
    items.slice(0, 3).map((i) => i.id),
    ['0', '1', '2'],
  );
  assert.equal(items[809]?.id, '809');
  const texts = new Map<string, number>();
  for (const item of items) texts.set(item.record.question, (texts.get(item.record.question) ?? 0) + 1);
  const repeated = [...texts].filter(([, n]) => n > 1);
  assert.equal(repeated.length, 1);
  assert.ok(repeated[0]?.[0].includes('病田'));
  const regions = new Set(items.map((i) => normalizeRegion(i.record.region)));
  for (const region of regions)
    assert.ok(
      ['北海道', '東北', '関東', '中部', '近畿', '中国・四国', '九州', '沖縄', '日本全国', '不明', '複数'].includes(region),
      region,
    );
});

test('an invalid record is an error naming the file, record index and field', () => {
  const good = { question: 'q', choices: ['a', 'b', 'c', 'd'], answer: 'a', region: '', type: 't', ref: '', url: '', refs_detail: [] };
  const text = JSON.stringify([good, { ...good, choices: ['a', 'b', 'c'] }]);
  assert.throws(
    () => parseYokaiEval(text, 'YokaiEval.json'),
    (error: unknown) => error instanceof InputError && /YokaiEval\.json, record 1, field "choices"/.test(error.message),
  );
  assert.throws(() => parseYokaiEval(JSON.stringify([{ ...good, answer: 'z' }]), 'f.json'), /record 0, field "answer"/);
  assert.throws(() => parseYokaiEval('[{', 'f.json'), /f\.json: not valid JSON/);
});

test('regions: letter codes, lists, the typo and the wrappers normalize', () => {
  assert.equal(normalizeRegion('東北'), '東北');
  assert.equal(normalizeRegion('[[不明]]'), '不明');
  assert.equal(normalizeRegion('[[日本全国]]'), '日本全国');
  assert.equal(normalizeRegion('[[近畿]]'), '近畿');
  assert.equal(normalizeRegion('[[琉球]]'), '沖縄');
  assert.equal(normalizeRegion('中ぶ'), '中部');
  assert.equal(normalizeRegion('[[C, D]]'), '複数');
  assert.equal(normalizeRegion('[[和歌山県、山口県、広島県、高知県]]'), '複数');
  assert.equal(normalizeRegion('[[中部、関東、東北]]'), '複数');
  assert.equal(normalizeRegion(''), '不明');
});

test('the question prompt: question then "\\n- choice" lines, in both wordings', () => {
  const record = { question: '何か、以下の4つから回答を1つ選び出力しなさい。', choices: ['甲', '乙', '丙', '丁'] };
  assert.equal(renderQuestionPrompt(record, 'dataset'), '何か、以下の4つから回答を1つ選び出力しなさい。\n- 甲\n- 乙\n- 丙\n- 丁');
  assert.equal(
    renderQuestionPrompt(record, 'official-results'),
    '何か、以下の4つから回答を1つ選び、回答のみ出力しなさい。\n- 甲\n- 乙\n- 丙\n- 丁',
  );
});
