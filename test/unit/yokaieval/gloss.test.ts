import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYokaiEval } from '../../../src/core/benchmarks/yokaieval/dataset';
import { loadYokaiEvalGlosses, parseGlosses } from '../../../src/core/benchmarks/yokaieval/gloss';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const dir = join(sharedDataDir, 'yokaieval');

test('every one of the 810 items has its English gloss, matched by question and choices (human_eval.json is not in dataset order)', async (t) => {
  if (!requireSharedFile(t, join(dir, 'YokaiEval-en.csv')) || !requireSharedFile(t, join(dir, 'human_eval.json'))) return;
  const glosses = await loadYokaiEvalGlosses({ dataDir: sharedDataDir, cacheDir: scratchDir('gloss-cache') });
  const items = parseYokaiEval(readFileSync(join(dir, 'YokaiEval.json'), 'utf8'), 'YokaiEval.json');
  assert.equal(glosses.size, 810);
  const gloss = (i: number): string => {
    const record = items[i]?.record;
    assert.ok(record !== undefined);
    return glosses.lookup(record.question, record.choices) ?? '';
  };
  assert.equal(items.filter((item) => glosses.lookup(item.record.question, item.record.choices) === null).length, 0);
  assert.match(gloss(0), /^Where is the place believed to be the appearance of Ainu Kaisei/);
  assert.match(gloss(0), /- Vacant house/, 'the CSV prompt holds the choices');
  assert.match(gloss(1), /Ainu sokk/);
  // Items 766-778: human_eval.json's order is rotated by one there; matching by position would be wrong.
  assert.match(gloss(770), /Yamata no Orochi/);
  assert.match(items[770]?.record.question ?? '', /八岐大蛇/);
  assert.match(gloss(778), /working in the fields.*- The crops won't grow/s);
  assert.match(items[778]?.record.question ?? '', /病田/);
  assert.match(gloss(809), /Warodon/);
  assert.equal(glosses.lookup('not a question', ['a', 'b', 'c', 'd']), null);
});

test('a human_eval index outside the CSV is an error naming the file and record', () => {
  const csv = 'yokai_name,prompt,answer\nA,"Q1\n\n- a\n- b",0\n';
  assert.equal(
    parseGlosses(csv, 'en.csv', JSON.stringify([{ index: 0, question: '問', choices: ['a', 'b'] }]), 'h.json').lookup('問', ['a', 'b']),
    'Q1\n\n- a\n- b',
  );
  assert.throws(
    () =>
      parseGlosses(
        csv,
        'en.csv',
        JSON.stringify([
          { index: 0, question: '問', choices: [] },
          { index: 5, question: '問2', choices: [] },
        ]),
        'h.json',
      ),
    /h\.json, record 1, field "index": 5 is not a row of en\.csv/,
  );
  assert.throws(() => parseGlosses('a,b\n1,2\n', 'en.csv', '[]', 'h.json'), /en\.csv: expected the columns yokai_name, prompt, answer/);
});
