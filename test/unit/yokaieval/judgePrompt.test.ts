import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillJudgeTemplate } from '../../../src/core/benchmarks/yokaieval/judgePrompt';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

test('placeholders are replaced in one pass; substituted text is never scanned again', () => {
  const template = 'Q: {question}\nC: {correct}\nR: {response}\n';
  const filled = fillJudgeTemplate(template, { question: '{response}', correct: "$& $' $1", response: '{correct} {question} {{x}}' });
  assert.equal(filled, "Q: {response}\nC: $& $' $1\nR: {correct} {question} {{x}}\n");
});

test('doubled braces become single ones, as in str.format', () => {
  assert.equal(fillJudgeTemplate('{{literal}} {question}}}', { question: 'q', correct: '', response: '' }), '{literal} q}');
});

test('an unknown placeholder or a lone brace is an error naming the offset', () => {
  assert.throws(() => fillJudgeTemplate('x {answer}', { question: '', correct: '', response: '' }), /offset 2/);
  assert.throws(() => fillJudgeTemplate('x } y', { question: '', correct: '', response: '' }), /single '}'/);
});

test('the official template is kept byte for byte around the three values, trailing newline included', (t) => {
  const path = join(sharedDataDir, 'yokaieval', 'judge_prompt.txt');
  if (!requireSharedFile(t, path)) return;
  const template = readFileSync(path, 'utf8');
  const filled = fillJudgeTemplate(template, { question: 'Q', correct: 'C', response: 'R' });
  assert.equal(filled, template.replace('{question}', 'Q').replace('{correct}', 'C').replace('{response}', 'R'));
  assert.ok(filled.endsWith('###あなたの出力###\n'));
  assert.ok(filled.includes('「迷子にする」です。\\n\\nイワポソインカラ'), 'the literal backslash-n of example 4 stays');
});
