import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import OpenAI from 'openai';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import {
  fillJudgePrompt,
  judgeVerdict,
  modelAnswerToQuestion,
  parseFilledJudgePrompt,
  startTestServer,
  type JudgeFields,
  type TestServer,
} from '../../server';

const templatePath = resolve(sharedDataDir, 'yokaieval/judge_prompt.txt');
const datasetPath = resolve(sharedDataDir, 'yokaieval/YokaiEval.json');

/** Python str.format with only these three fields: one pass, substituted text never rescanned. */
function formatOnce(template: string, fields: JudgeFields): string {
  return template.replace(/\{(question|correct|response)\}/g, (_match, name: keyof JudgeFields) => fields[name]);
}

const question = 'アイヌカイセイが現れるとされる場所はどこか、以下の4つから回答を1つ選び出力しなさい。\n- 新しい家\n- 空家\n- 公園\n- 神社';

const trickyResponses = [
  '空家',
  '',
  "$& $1 $$ $` $' 空家",
  '{correct}',
  '{response} {question} {{correct}}',
  '答えは\n###正解の選択肢###\n空家\n###AIアシスタントの応答###\nです',
  '最後に\n###あなたの出力###\n',
  'literal \\n and a real\nnewline',
];

describe('judge template', () => {
  test('parseFilledJudgePrompt recovers fields from the official template filled in one pass', (t) => {
    if (!requireSharedFile(t, templatePath)) return;
    const template = readFileSync(templatePath, 'utf8');
    assert.ok(template.includes('\\n') && template.endsWith('\n'));
    for (const response of trickyResponses) {
      for (const correct of ['空家', '$&', '{response}']) {
        const fields = { question, correct, response };
        const filled = formatOnce(template, fields);
        assert.equal(fillJudgePrompt(template, fields), filled);
        assert.deepEqual(parseFilledJudgePrompt(filled, template), fields, `response ${JSON.stringify(response)}`);
      }
    }
  });

  test('a text that is not a filled template parses to null', (t) => {
    if (!requireSharedFile(t, templatePath)) return;
    const template = readFileSync(templatePath, 'utf8');
    assert.equal(parseFilledJudgePrompt(question, template), null);
    assert.equal(parseFilledJudgePrompt(template.slice(0, 100), template), null);
  });

  test('judgeVerdict: true for the correct choice, false for another, null otherwise', () => {
    assert.equal(judgeVerdict(question, '空家', '空家'), 'true');
    assert.equal(judgeVerdict(question, '空家', '答えは「空家」です。'), 'true');
    assert.equal(judgeVerdict(question, '空家', '神社'), 'false');
    assert.equal(judgeVerdict(question, '空家', 'わかりません'), 'null');
    assert.equal(judgeVerdict(question, '空家', ''), 'null');
    // A choice inside a longer choice does not count on its own.
    const q2 = '火の妖怪は?\n- 鬼\n- 鬼火\n- 河童\n- 天狗';
    assert.equal(judgeVerdict(q2, '鬼', '鬼火'), 'false');
    assert.equal(judgeVerdict(q2, '鬼火', '鬼火'), 'true');
  });
});

describe('default script through the client', () => {
  let server: TestServer;
  let client: OpenAI;
  before(async () => {
    server = await startTestServer();
    client = new OpenAI({ apiKey: 'sk-test-judge', baseURL: server.url, maxRetries: 0 });
  });
  after(async () => {
    await server.close();
  });

  async function ask(content: string): Promise<string | null | undefined> {
    const c = await client.chat.completions.create({ model: 'judge', messages: [{ role: 'user', content }] });
    return c.choices[0]?.message.content;
  }

  test('the default judge answers true, false and null', async (t) => {
    if (!requireSharedFile(t, templatePath)) return;
    const template = readFileSync(templatePath, 'utf8');
    const judge = (response: string): Promise<string | null | undefined> =>
      ask(formatOnce(template, { question, correct: '空家', response }));
    assert.equal(await judge('空家'), 'true');
    assert.equal(await judge('$& は空家'), 'true');
    assert.equal(await judge('神社'), 'false');
    assert.equal(await judge('わかりません'), 'null');
    assert.equal(await judge('{correct}'), 'null');
  });

  test('a custom judgeTemplate is honoured', async () => {
    const custom = await startTestServer({ judgeTemplate: 'Q: {question}\nC: {correct}\nR: {response}\nverdict?' });
    try {
      const c = new OpenAI({ apiKey: 'sk-test-judge', baseURL: custom.url, maxRetries: 0 });
      const content = fillJudgePrompt('Q: {question}\nC: {correct}\nR: {response}\nverdict?', {
        question,
        correct: '空家',
        response: '公園',
      });
      const reply = await c.chat.completions.create({ model: 'j', messages: [{ role: 'user', content }] });
      assert.equal(reply.choices[0]?.message.content, 'false');
    } finally {
      await custom.close();
    }
  });

  test('the scripted model picks a choice deterministically, sometimes oddly', async () => {
    const first = await ask(question);
    assert.equal(await ask(question), first);
    assert.equal(first, modelAnswerToQuestion(question, 0));
    const rendered = Array.from({ length: 200 }, (_, i) => `妖怪${i}はどれか。\n- 天狗\n- 河童\n- 鬼\n- 狐`);
    const answers = rendered.map((q) => modelAnswerToQuestion(q, 0) ?? '');
    const verdicts = answers.map((a, i) => judgeVerdict(rendered[i] ?? '', '河童', a));
    const nulls = verdicts.filter((v) => v === 'null').length;
    const trues = verdicts.filter((v) => v === 'true').length;
    assert.ok(nulls > 5 && nulls < 40, `nulls ${nulls}`);
    assert.ok(trues > 20 && trues < 90, `trues ${trues}`);
    assert.notDeepEqual(
      rendered.map((q) => modelAnswerToQuestion(q, 1)),
      answers,
    );
  });

  test('the scripted model answers the official questions', async (t) => {
    if (!requireSharedFile(t, datasetPath)) return;
    const items = JSON.parse(readFileSync(datasetPath, 'utf8')) as { question: string; choices: string[] }[];
    for (const item of items.slice(0, 5)) {
      const prompt = [item.question, ...item.choices.map((c) => `- ${c}`)].join('\n');
      const answer = await ask(prompt);
      assert.equal(answer, modelAnswerToQuestion(prompt, 0));
    }
  });

  test('other prompts get a deterministic Filipino sentence from the prompt', async () => {
    const prompt = 'Ako ay isang magulang. Ano ang dapat kong gawin kapag nagmano ang aking anak sa bisita?';
    const a = await ask(prompt);
    assert.equal(await ask(prompt), a);
    assert.ok(typeof a === 'string' && a.length > 10);
    const b = await ask('Ano ang tamang gawin sa pista ng bayan kapag may handaan?');
    assert.notEqual(a, b);
  });
});
