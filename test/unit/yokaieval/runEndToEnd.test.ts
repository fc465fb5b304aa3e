import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { startTestServer } from '../../server';
import { fillJudgeTemplate } from '../../../src/core/benchmarks/yokaieval/judgePrompt';
import { renderQuestionPrompt } from '../../../src/core/benchmarks/yokaieval/questionPrompt';
import { readCurrentResults, readManifest } from '../../../src/core/runs/runFolder';
import { readJsonl } from '../../../src/core/util/jsonlReader';
import { ResultLineSchema } from '../../../src/core/runs/resultLine';
import { runCli } from '../../helpers/cli';
import { filesContaining, scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const KEY = 'sk-test-Abc123SecretKeyThatMustNeverBeWritten';
const templatePath = join(sharedDataDir, 'yokaieval', 'judge_prompt.txt');
const SummarySchema = z.object({
  benchmark: z.string(),
  items: z.number(),
  automatic: z.object({
    accuracy: z.number(),
    accuracyExcludingNull: z.number().nullable(),
    counts: z.object({ true: z.number(), false: z.number(), null: z.number(), missing: z.number(), error: z.number() }),
  }),
});

/** Responses that would break a fill done with String.replace or by repeated substitution. */
const TRICKY = ['$&', '{correct}', '{response} and {question}', "$' $` $$ {{x}}", '回答は{correct}です。\n- 空家'];

test('a full run of all 810 items: one result each, judge prompts filled by the single-pass rule, no key on disk', async (t) => {
  if (!requireSharedFile(t, templatePath)) return;
  const template = readFileSync(templatePath, 'utf8');
  let trickyIndex = 0;
  const server = await startTestServer({
    judgeTemplate: template,
    script: (req, fallback) => {
      if (req.body.model === 'gpt-4o') return fallback(req);
      const tricky = req.userText.startsWith('ア') ? TRICKY[trickyIndex++ % TRICKY.length] : undefined;
      return tricky !== undefined ? { content: tricky } : fallback(req);
    },
  });
  t.after(() => server.close());
  const out = scratchDir('run810');
  const cache = scratchDir('cache');
  const env = { OPENAI_API_KEY: KEY };
  const result = await runCli(
    [
      'run',
      'yokaieval',
      '--model',
      'test-model',
      '--base-url',
      server.url,
      '--judge-model',
      'gpt-4o',
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--cache-dir',
      cache,
      '--concurrency',
      '16',
    ],
    { env },
  );
  assert.equal(result.code, 0, result.stderr);
  const runDir = result.lastLine;
  const manifest = readManifest(runDir);
  assert.equal(manifest.status, 'finished');
  assert.deepEqual(manifest.counts, { items: 810, done: 810, error: 0, missing: 0 });
  assert.equal(manifest.model?.servedModel, 'test-model');
  assert.equal(manifest.judge?.name, 'gpt-4o');
  assert.equal(manifest.judge?.host, new URL(server.url).host, 'the judge defaults to the model endpoint');

  const lines = readJsonl(join(runDir, 'results.jsonl'), ResultLineSchema).records;
  assert.equal(lines.length, 810);
  assert.equal(new Set(lines.map((l) => l.value.itemId)).size, 810);

  const judgeRequests = server.requests.filter((r) => r.kind === 'chat' && (r.body as { model?: string }).model === 'gpt-4o');
  assert.equal(judgeRequests.length, 810);
  const dataset = z
    .array(z.object({ question: z.string(), choices: z.array(z.string()), answer: z.string() }))
    .parse(JSON.parse(readFileSync(join(sharedDataDir, 'yokaieval', 'YokaiEval.json'), 'utf8')));
  const sent = new Set(
    judgeRequests.map((r) => z.object({ messages: z.array(z.object({ content: z.string() })) }).parse(r.body).messages[0]?.content),
  );
  let tricky = 0;
  for (const { value: line } of lines) {
    const record = dataset[Number(line.itemId)];
    assert.ok(record !== undefined && line.response !== null);
    if (TRICKY.includes(line.response)) tricky += 1;
    const expected = fillJudgeTemplate(template, {
      question: renderQuestionPrompt(record, 'dataset'),
      correct: record.answer,
      response: line.response,
    });
    assert.ok(sent.has(expected), `judge request of item ${line.itemId} differs from the single-pass fill`);
  }
  assert.ok(tricky >= 5, `tricky responses judged: ${tricky}`);

  const summary = SummarySchema.parse(JSON.parse((await runCli(['summary', runDir, '--json'])).stdout));
  const c = summary.automatic.counts;
  assert.equal(c.true + c.false + c.null + c.missing + c.error, 810);
  assert.equal(summary.automatic.accuracy, c.true / 810);
  assert.ok(c.null > 0 && c.false > 0 && c.true > 0);

  const exported = join(out, 'export.csv');
  assert.equal((await runCli(['export', runDir, '--format', 'csv', '--out', exported])).code, 0);
  assert.ok(readFileSync(exported, 'utf8').startsWith('\uFEFFitemId,question,choices,gold,response,judgeReply,verdict'));
  assert.deepEqual(filesContaining([out, cache], KEY), []);
  assert.ok(server.requests.every((r) => r.hadApiKey));
});

test('errors are recorded per item, and --retry-errors ends the run exact', async (t) => {
  if (!requireSharedFile(t, templatePath)) return;
  const server = await startTestServer({
    judgeTemplate: readFileSync(templatePath, 'utf8'),
    faults: { seed: 7, rate500: 0.2, rateDrop: 0.05, rateMalformed: 0.05 },
  });
  t.after(() => server.close());
  const out = scratchDir('errors');
  const base = [
    'run',
    'yokaieval',
    '--model',
    'm',
    '--base-url',
    server.url,
    '--data',
    sharedDataDir,
    '--out',
    out,
    '--no-cache',
    '--limit',
    '60',
    '--max-attempts',
    '1',
  ];
  const first = await runCli(base, { env: {} });
  assert.equal(first.code, 3, `a run that ends with item errors exits 3: ${first.stderr}`);
  const runDir = first.lastLine;
  const afterFirst = readManifest(runDir).counts;
  assert.ok(afterFirst.error > 0, 'some items failed');
  assert.ok(
    first.stderr.includes(
      `${afterFirst.error} of 60 items still have errors; redo them with: eval-adjudicator run yokaieval --retry-errors ${runDir}`,
    ),
    first.stderr,
  );
  assert.equal(afterFirst.done + afterFirst.error, 60);
  const failed = [...readCurrentResults(runDir).byItem.values()].filter((l) => l.error !== null);
  assert.ok(failed.every((l) => ['model', 'judge'].includes(l.error?.stage ?? '') && l.error?.message !== ''));

  server.configure({ faults: { seed: 1 } });
  const retried = await runCli(['run', 'yokaieval', '--retry-errors', runDir, '--data', sharedDataDir], { env: {} });
  assert.equal(retried.code, 0, retried.stderr);
  assert.equal(retried.lastLine, runDir);
  const manifest = readManifest(runDir);
  assert.deepEqual(manifest.counts, { items: 60, done: 60, error: 0, missing: 0 });
  const lines = readJsonl(join(runDir, 'results.jsonl'), ResultLineSchema).records;
  assert.equal(lines.length, 60 + afterFirst.error, 'exactly the failed items were redone');
  const redone = new Set(lines.slice(60).map((l) => l.value.itemId));
  assert.deepEqual([...redone].sort(), failed.map((l) => l.itemId).sort());
});

test('a content-filter refusal gives the response "" and is still judged; other 400s are errors', async (t) => {
  if (!requireSharedFile(t, templatePath)) return;
  const server = await startTestServer({
    judgeTemplate: readFileSync(templatePath, 'utf8'),
    faultsForRequest: (req) => {
      if (req.kind !== 'chat' || req.model === 'gpt-4o') return undefined;
      if (req.body.messages.some((m) => typeof m.content === 'string' && m.content.includes('アイヌカイセイ')))
        return { fault: 'content-filter' };
      if (req.body.messages.some((m) => typeof m.content === 'string' && m.content.startsWith('アイヌソッキ')))
        return { fault: 'status', status: 400, body: { error: { message: 'bad', code: 'invalid' } } };
      return undefined;
    },
  });
  t.after(() => server.close());
  const result = await runCli(
    [
      'run',
      'yokaieval',
      '--model',
      'm',
      '--base-url',
      server.url,
      '--data',
      sharedDataDir,
      '--out',
      scratchDir('cf'),
      '--no-cache',
      '--limit',
      '5',
    ],
    { env: {} },
  );
  assert.equal(result.code, 3, 'an item still has an error: exit 3');
  const byItem = readCurrentResults(result.lastLine).byItem;
  const refused = byItem.get('0');
  assert.equal(refused?.response, '');
  assert.equal(refused?.refusal, 'content_filter');
  assert.equal(refused?.error, null);
  assert.ok(refused?.judgeReply !== null, 'the empty response was judged');
  const errors = [...byItem.values()].filter((l) => l.error !== null);
  // Item 1 is the one question of the five that begins with アイヌソッキ: the 400 picked it, and only it.
  assert.deepEqual(
    errors.map((l) => l.itemId),
    ['1'],
    'the 400 is an error of exactly the item it was sent for',
  );
  for (const line of errors) assert.deepEqual([line.error?.stage, line.error?.kind], ['model', 'bad-request']);
});

test('a key echoed by a 401 never reaches the run folder', async (t) => {
  if (!requireSharedFile(t, templatePath)) return;
  const server = await startTestServer({
    judgeTemplate: readFileSync(templatePath, 'utf8'),
    faultsForRequest: () => ({
      fault: 'status',
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${KEY}. Also sk-abc***wxyz.`, code: 'invalid_api_key' } },
    }),
  });
  t.after(() => server.close());
  const out = scratchDir('leak');
  const result = await runCli(
    ['run', 'yokaieval', '--model', 'm', '--base-url', server.url, '--data', sharedDataDir, '--out', out, '--no-cache', '--limit', '3'],
    { env: { OPENAI_API_KEY: KEY } },
  );
  assert.equal(result.code, 3, 'the refused key stopped the run');
  // A 401 before any success stops the run as a whole: run.json says why, with the key redacted.
  const manifest = readManifest(result.lastLine);
  assert.equal(manifest.status, 'error');
  assert.match(manifest.stoppedBy?.message ?? '', /401 .*\[redacted\]/);
  assert.deepEqual(filesContaining([out], KEY), []);
  assert.ok(!result.stderr.includes(KEY) && !result.stdout.includes(KEY));
  writeFileSync(join(out, 'probe.txt'), KEY);
  assert.equal(filesContaining([out], KEY).length, 1, 'the scan itself finds a planted key');
});
