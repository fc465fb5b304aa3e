import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isOnJudgeMenu, parseJudgeVerdict } from '../../../src/core/benchmarks/yokaieval/verdict';

test('exact-match sets, as the official code parses the judge', () => {
  for (const reply of ['true', 'True', 'TRUE']) assert.equal(parseJudgeVerdict(reply), true);
  for (const reply of ['false', 'False', 'FALSE']) assert.equal(parseJudgeVerdict(reply), false);
  for (const reply of ['null', 'Null', 'None', 'none']) assert.equal(parseJudgeVerdict(reply), null);
});

test('anything else is null, even when it looks close', () => {
  for (const reply of ['true\n', ' true', 'tRue', 'true.', '正解', '', 'false, because', 'NULL']) {
    assert.equal(parseJudgeVerdict(reply), null, JSON.stringify(reply));
  }
  assert.equal(isOnJudgeMenu('none'), true);
  assert.equal(isOnJudgeMenu('true.'), false);
});
