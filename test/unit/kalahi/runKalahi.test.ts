import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { startTestServer } from '../../server';
import { readKalahiResults } from '../../../src/core/benchmarks/kalahi/kalahiResults';
import { getSimilarityMetric, LEXICAL_METRIC_NAMES } from '../../../src/core/metrics/registry';
import { readManifest } from '../../../src/core/runs/runFolder';
import { readJsonl } from '../../../src/core/util/jsonlReader';
import { ResultLineSchema } from '../../../src/core/runs/resultLine';
import { runCli } from '../../helpers/cli';
import { csvRecords, csvRows } from '../../helpers/csv';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { completionsLogprob, expectedMc, referencesOf } from './expectedMc';

const csvPath = join(sharedDataDir, 'kalahi', 'filipino.csv');
const Aggregate = z.object({ diff: z.number(), acc: z.number() });
const SummarySchema = z.object({
  benchmark: z.literal('kalahi'),
  items: z.number(),
  task: z.string(),
  mc: z.object({ mc1: z.number(), mc2: z.number(), mc2Mode: z.literal('paper'), scored: z.number() }),
  open: z.object(Object.fromEntries(LEXICAL_METRIC_NAMES.map((m) => [m, Aggregate]))),
  openDetails: z.object({ scored: z.number(), emptyAnswers: z.number(), primaryMetric: z.string() }),
  automatic: z.object({
    accuracy: z.number(),
    counts: z.object({ true: z.number(), false: z.number(), null: z.number(), missing: z.number(), error: z.number() }),
  }),
});

test('a --task both run of all 150 items: MC recomputed, open-ended verdicts from chrf, empty answers counted, summary and export', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  // Answers to the "Mayaman ako" variations are blank: they must score 0 and be counted.
  const server = await startTestServer({
    script: (req, fallback) => (req.userText.includes('Mayaman ako') ? { content: '  \n ' } : fallback(req)),
  });
  t.after(() => server.close());
  const out = scratchDir('kalahi-both');
  const result = await runCli(
    [
      'run',
      'kalahi',
      '--task',
      'both',
      '--model',
      'test-model',
      '--base-url',
      server.url,
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--no-cache',
      '--concurrency',
      '16',
    ],
    { env: {} },
  );
  assert.equal(result.code, 0, result.stderr);
  const runDir = result.lastLine;
  const manifest = readManifest(runDir);
  assert.equal(manifest.status, 'finished');
  assert.deepEqual(manifest.counts, { items: 150, done: 150, error: 0, missing: 0 });
  assert.equal(manifest.usage.requests, 300, 'one completions and one chat request per item');
  const raw = readJsonl(join(runDir, 'results.jsonl'), ResultLineSchema).records;
  assert.equal(raw.length, 150);
  const lines = [...readKalahiResults(runDir, manifest).values()];
  assert.equal(lines.length, 150);
  assert.equal(lines.find((l) => l.itemId === '0101000100')?.itemId, '0101000100');

  let empties = 0;
  for (const line of lines) {
    const prompt = String(line.inputs['prompt']);
    const expected = expectedMc(prompt, line.inputs, completionsLogprob);
    assert.deepEqual(
      line.mc?.relevant.map((r) => r.score),
      expected.relevant,
    );
    assert.deepEqual(
      line.mc?.irrelevant.map((r) => r.score),
      expected.irrelevant,
    );
    assert.equal(line.mc?.mc1, expected.mc1);
    const open = line.open;
    assert.ok(open !== undefined);
    assert.deepEqual(line.prompt, { messages: [{ role: 'user', content: prompt }] }, 'the prompt as stored, no system prompt');
    assert.equal(line.verdict, open.metrics['chrf']?.acc, 'the verdict is the acc of chrf');
    assert.deepEqual(Object.keys(open.metrics).slice(0, 7), [...LEXICAL_METRIC_NAMES]);
    const refs = referencesOf(line.inputs);
    if (prompt.includes('Mayaman ako')) {
      empties += 1;
      assert.equal(open.answer, '');
      assert.equal(open.empty, true);
      assert.equal(line.verdict, false);
      for (const outcome of Object.values(open.metrics)) assert.ok(outcome.diff === 0 && !outcome.acc && outcome.maxRelevant === 0);
    } else {
      const chrf = getSimilarityMetric('chrf');
      assert.deepEqual(
        open.metrics['chrf']?.relevant,
        refs.relevant.map((r) => chrf.score(open.answer, r)),
      );
      assert.deepEqual(
        open.metrics['chrf']?.irrelevant,
        refs.irrelevant.map((r) => chrf.score(open.answer, r)),
      );
    }
  }
  assert.equal(empties, 7);

  const summary = SummarySchema.parse(JSON.parse((await runCli(['summary', runDir, '--json'])).stdout));
  assert.equal(summary.items, 150);
  assert.equal(summary.task, 'both');
  assert.equal(summary.openDetails.emptyAnswers, 7);
  assert.equal(summary.openDetails.scored, 150);
  assert.equal(summary.mc.scored, 150);
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  for (const metric of LEXICAL_METRIC_NAMES) {
    const outcomes = lines.map((l) => l.open?.metrics[metric]);
    const aggregate = summary.open[metric];
    assert.ok(aggregate !== undefined);
    assert.ok(Math.abs(aggregate.diff - mean(outcomes.map((o) => o?.diff ?? Number.NaN))) < 1e-12);
    assert.equal(aggregate.acc, outcomes.filter((o) => o?.acc === true).length / 150);
  }
  const c = summary.automatic.counts;
  const chrfTrue = Math.round((summary.open['chrf']?.acc ?? Number.NaN) * 150);
  assert.deepEqual(c, { true: chrfTrue, false: 150 - chrfTrue, null: 0, missing: 0, error: 0 });
  assert.ok(c.true > 0 && c.false > 7);
  const text = (await runCli(['summary', runDir])).stdout;
  assert.match(text, /mc {9}MC1 \d\.\d{4}, MC2 \d\.\d{4} \(paper; completions log-probs; 150 items scored\)/);
  assert.match(text, /bertscore {3}not computed/);

  const csvFile = join(out, 'kalahi.csv');
  assert.equal((await runCli(['export', runDir, '--format', 'csv', '--out', csvFile])).code, 0);
  const rows = csvRecords(readFileSync(csvFile, 'utf8'));
  assert.equal(rows.length, 150);
  const row = rows.find((r) => r['itemId'] === '0101000100');
  const line = lines.find((l) => l.itemId === '0101000100');
  assert.ok(row !== undefined && line?.open !== undefined && line.mc !== undefined);
  assert.equal(row['promptId'], '01010001');
  assert.equal(row['prompt'], line.inputs['prompt']);
  assert.equal(row['answer'], line.open.answer);
  assert.equal(row['chrf.diff'], String(line.open.metrics['chrf']?.diff));
  assert.equal(row['rouge-lsum.acc'], String(line.open.metrics['rouge-lsum']?.acc));
  assert.equal(row['mc2'], String(line.mc.mc2));
  assert.equal(row['mcRelevantScores'], line.mc.relevant.map((r) => String(r.score)).join('\n'));
  assert.equal(row['relevantAnswers']?.split('\n').length, line.mc.relevant.length);
  const json = z
    .object({ items: z.array(z.object({ itemId: z.string(), mc: z.object({ mc1: z.number() }), open: z.object({ answer: z.string() }) })) })
    .parse(JSON.parse((await runCli(['export', runDir, '--format', 'json'])).stdout));
  assert.equal(json.items.length, 150);
});

test('failures are recorded per stage (logprobs, model), the other part is kept, and --retry-errors finishes the run', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  let failing = true;
  const server = await startTestServer({
    faultsForRequest: (req) => {
      if (!failing) return undefined;
      if (req.kind === 'completions' && req.prompts.some((p) => p.includes('Hindi ako mayaman.') || p.includes('Isa akong maybahay.')))
        return { fault: 'status', status: 500 };
      if (req.kind === 'chat' && req.userText.includes('Mayaman ako.')) return { fault: 'status', status: 503 };
      return undefined;
    },
  });
  t.after(() => server.close());
  const out = scratchDir('kalahi-errors');
  const first = await runCli(
    [
      'run',
      'kalahi',
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
      '30',
      '--max-attempts',
      '1',
    ],
    { env: {} },
  );
  assert.equal(first.code, 3, first.stderr);
  const runDir = first.lastLine;
  const manifest = readManifest(runDir);
  const lines = [...readKalahiResults(runDir, manifest).values()];
  const mcFailed = lines.filter((l) => l.error?.stage === 'logprobs');
  const modelFailed = lines.filter((l) => l.error?.stage === 'model');
  assert.ok(mcFailed.length > 0 && modelFailed.length > 0, `${mcFailed.length} logprobs and ${modelFailed.length} model failures`);
  assert.ok(mcFailed.every((l) => l.mc === undefined && l.error?.kind === 'server'));
  assert.ok(
    mcFailed.some((l) => l.open !== undefined && l.verdict === l.open.metrics['chrf']?.acc),
    'the open-ended part of an item whose MC failed is kept',
  );
  assert.ok(modelFailed.every((l) => l.open === undefined && l.mc !== undefined && l.verdict === null));
  assert.match(first.stderr, /items still have errors; redo them with: eval-adjudicator run kalahi --retry-errors/);
  const summary = SummarySchema.pick({ automatic: true }).parse(JSON.parse((await runCli(['summary', runDir, '--json'])).stdout));
  assert.equal(summary.automatic.counts.error, mcFailed.length + modelFailed.length);

  failing = false;
  const retried = await runCli(['run', 'kalahi', '--retry-errors', runDir, '--data', sharedDataDir, '--no-cache'], { env: {} });
  assert.equal(retried.code, 0, retried.stderr);
  assert.deepEqual(readManifest(runDir).counts, { items: 30, done: 30, error: 0, missing: 0 });
  const all = readJsonl(join(runDir, 'results.jsonl'), ResultLineSchema).records;
  assert.equal(all.length, 30 + mcFailed.length + modelFailed.length, 'exactly the failed items were redone');
});

test('--task open --no-append-period: references as written, recorded in run.json; no MC anywhere', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const server = await startTestServer();
  t.after(() => server.close());
  const out = scratchDir('kalahi-open');
  const result = await runCli(
    [
      'run',
      'kalahi',
      '--task',
      'open',
      '--no-append-period',
      '--metrics',
      'chrf,bleu',
      '--primary-metric',
      'bleu',
      '--system-prompt',
      'Sumagot sa Filipino.',
      '--model',
      'm',
      '--base-url',
      server.url,
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--limit',
      '40',
    ],
    { env: {} },
  );
  assert.equal(result.code, 0, result.stderr);
  const manifest = readManifest(result.lastLine);
  const settings = z
    .object({ appendPeriod: z.boolean(), mc: z.null(), open: z.object({ metrics: z.array(z.string()), primaryMetric: z.string() }) })
    .parse(manifest.settings);
  assert.deepEqual(settings, { appendPeriod: false, mc: null, open: { metrics: ['chrf', 'bleu'], primaryMetric: 'bleu' } });
  assert.equal(manifest.model?.parameters.systemPrompt, 'Sumagot sa Filipino.');
  const lines = [...readKalahiResults(result.lastLine, manifest).values()];
  assert.ok(
    lines.some((l) => l.references.relevant.some((r) => !r.endsWith('.'))),
    'some references stay without a period',
  );
  for (const line of lines) {
    const fields = z.object({ relevant_answers: z.string() }).parse(line.inputs);
    assert.deepEqual(
      line.references.relevant,
      fields.relevant_answers
        .split(';')
        .map((a) => a.trim())
        .filter((a) => a !== ''),
    );
    assert.equal(line.mc, undefined);
    assert.equal(line.verdict, line.open?.metrics['bleu']?.acc);
    assert.equal(line.prompt?.messages?.[0]?.content, 'Sumagot sa Filipino.');
  }
  assert.ok(server.requests.every((r) => r.kind === 'chat'));
  const summary = z
    .looseObject({ open: z.record(z.string(), Aggregate) })
    .parse(JSON.parse((await runCli(['summary', result.lastLine, '--json'])).stdout));
  assert.deepEqual(Object.keys(summary.open), ['chrf', 'bleu']);
  assert.equal('mc' in summary, false);
  const header = csvRows((await runCli(['export', result.lastLine, '--format', 'csv'])).stdout)[0]?.join(',');
  assert.equal(
    header,
    'itemId,promptId,category,topic,prompt,bestAnswer,answer,verdict,error,chrf.maxRelevant,chrf.maxIrrelevant,chrf.diff,chrf.acc,bleu.maxRelevant,bleu.maxIrrelevant,bleu.diff,bleu.acc',
  );
});
