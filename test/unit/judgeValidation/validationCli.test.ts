import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as z from 'zod';
import { startTestServer } from '../../server/index';
import { readCurrentResults, readManifest } from '../../../src/core/runs/runFolder';
import { sha256Hex } from '../../../src/core/util/hash';
import { readJsonl } from '../../../src/core/util/jsonlReader';
import { SampleRecordSchema } from '../../../src/core/judgeValidation/sample';
import { StabilityLineSchema } from '../../../src/core/judgeValidation/stability';
import { runCli } from '../../helpers/cli';
import { csvRows } from '../../helpers/csv';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const templatePath = join(sharedDataDir, 'yokaieval', 'judge_prompt.txt');
const Pair = z.tuple([z.number(), z.number()]);
const Confusion = z.object({ labels: z.array(z.string()), rows: z.string(), columns: z.string(), counts: z.array(z.array(z.number())) });
const Agreement = z.object({
  kappa: z.number().nullable(),
  kappaCI: Pair.nullable(),
  percent: z.number().nullable(),
  confusion: Confusion,
  items: z.number(),
});
const SummarySchema = z.object({
  items: z.number(),
  automatic: z.object({ accuracy: z.number(), ci: Pair, counts: z.object({ true: z.number(), false: z.number(), null: z.number() }) }),
  agreement: z.object({
    judgeHuman: Agreement,
    interAnnotator: z.object({ kappa: z.number().nullable(), method: z.string(), annotators: z.array(z.string()), items: z.number() }),
    sourceJudge: z.object({ sourceRunId: z.string(), judges: Agreement, judgeVersusSourceHumans: Agreement }).nullable().optional(),
  }),
  adjudicated: z.object({
    accuracy: z.number(),
    items: z.number(),
    conflicts: z.number(),
    estimate: z.object({
      accuracy: z.number().nullable(),
      ci: Pair.nullable(),
      method: z.string(),
      target: z.string(),
      labeled: z.number(),
    }),
  }),
  stability: z.object({ items: z.number(), flipped: z.number(), k: z.number() }).nullable(),
  sample: z.object({ seed: z.number(), drawn: z.number(), decided: z.number() }).nullable(),
});

const summaryOf = async (dir: string) => {
  const result = await runCli(['summary', dir, '--json']);
  assert.equal(result.code, 0, result.stderr);
  return SummarySchema.parse(JSON.parse(result.stdout));
};

test('sample, adjudicate, summary, stability, rejudge, report and table on a run against the test server', async (t) => {
  if (!requireSharedFile(t, templatePath)) return;
  const official = readFileSync(templatePath, 'utf8');
  const server = await startTestServer({
    judgeTemplate: official,
    script: (req, fallback) => {
      // The re-judge's judge says true to everything; the run's judge changes its mind on every other
      // repeat of the same prompt (repeats happen only when stability re-asks).
      if (req.body.model === 'judge-b') return { content: 'true' };
      if (req.body.model === 'gpt-4o' && req.attempt % 2 === 1) return { content: 'true' };
      return fallback(req);
    },
  });
  t.after(() => server.close());
  const out = scratchDir('validation');
  const cache = scratchDir('validation-cache');
  const run = await runCli(
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
      out,
      '--cache-dir',
      cache,
      '--limit',
      '60',
    ],
    { env: {} },
  );
  assert.equal(run.code, 0, run.stderr);
  const runDir = run.lastLine;
  const lines = readCurrentResults(runDir).byItem;
  const judged = (id: string) => lines.get(id)?.verdict;

  // A seeded sample, reproducible, recorded in samples.jsonl.
  const drawn = await runCli(['sample', runDir, '--n', '20', '--seed', '7', '--json']);
  assert.equal(drawn.code, 0, drawn.stderr);
  const sample = SampleRecordSchema.parse(JSON.parse(drawn.stdout));
  assert.equal(sample.itemIds.length, 20);
  assert.equal((await runCli(['sample', runDir, '--n', '20', '--seed', '7'])).stdout, `${sample.itemIds.join('\n')}\n`);
  assert.equal(readJsonl(join(runDir, 'samples.jsonl'), SampleRecordSchema).records.length, 2);
  const queue = await runCli(['queue', runDir, '--order', 'informative', '--sample']);
  assert.deepEqual(new Set(queue.stdout.trim().split('\n')), new Set(sample.itemIds));

  // Two annotators go through the sample: ana agrees with the judge (a null is wrong), ben differs on
  // two items; the lead settles one of the two conflicts as an adjudicator.
  const [c1, c2] = sample.itemIds;
  assert.ok(c1 !== undefined && c2 !== undefined);
  const human = (id: string) => (judged(id) === true ? 'true' : 'false');
  const flip = (v: string) => (v === 'true' ? 'false' : 'true');
  const csv = [
    'itemId,verdict,flag,note,annotator',
    ...sample.itemIds.map((id) => `${id},${human(id)},,,ana`),
    ...sample.itemIds.map((id) => `${id},${id === c1 || id === c2 ? flip(human(id)) : human(id)},,,ben`),
  ];
  const csvPath = join(out, 'decisions.csv');
  writeFileSync(csvPath, `${csv.join('\n')}\n`);
  assert.equal((await runCli(['adjudicate', runDir, '--from', csvPath])).code, 0);
  assert.equal(
    (await runCli(['adjudicate', runDir, '--item', c1, '--verdict', human(c1), '--annotator', 'lead', '--role', 'adjudicator'])).code,
    0,
  );

  const summary = await summaryOf(runDir);
  const jh = summary.agreement.judgeHuman;
  assert.equal(jh.items, 19, 'every sampled item but the open conflict');
  assert.deepEqual(jh.confusion.labels, ['true', 'false', 'null']);
  assert.equal(
    jh.confusion.counts.flat().reduce((a, b) => a + b, 0),
    19,
  );
  assert.equal(jh.confusion.counts[2]?.[2], 0, 'nobody said null');
  assert.ok(jh.kappa !== null && jh.kappaCI !== null && jh.kappaCI[0] <= jh.kappa && jh.kappa <= jh.kappaCI[1]);
  assert.deepEqual(summary.agreement.interAnnotator.annotators, ['ana', 'ben']);
  assert.equal(summary.agreement.interAnnotator.method, 'cohen-kappa');
  assert.equal(summary.agreement.interAnnotator.items, 20);
  assert.equal(summary.adjudicated.conflicts, 1);
  const estimate = summary.adjudicated.estimate;
  assert.equal(estimate.method, 'stratified-ppi');
  assert.equal(estimate.labeled, 19);
  assert.ok(
    estimate.accuracy !== null && estimate.ci !== null && estimate.ci[0] <= estimate.accuracy && estimate.accuracy <= estimate.ci[1],
  );
  assert.deepEqual([summary.sample?.seed, summary.sample?.drawn, summary.sample?.decided], [7, 20, 19]);
  assert.ok(summary.automatic.ci[0] <= summary.automatic.accuracy && summary.automatic.accuracy <= summary.automatic.ci[1]);
  const text = await runCli(['summary', runDir]);
  assert.match(text.stdout, /estimate .*\(stratified-ppi, price-bonett interval, target run-items; 19 human verdicts of 60 items\)/);
  assert.match(text.stdout, /judge–human kappa/);
  // The superpopulation view: named in the output, its interval wider by the items' own θ(1 − θ)/N.
  assert.equal(estimate.target, 'run-items');
  const questions = await runCli(['summary', runDir, '--json', '--target', 'superpopulation']);
  assert.equal(questions.code, 0, questions.stderr);
  const wide = (JSON.parse(questions.stdout) as typeof summary).adjudicated.estimate;
  assert.equal(wide.target, 'superpopulation');
  assert.ok(wide.ci !== null && wide.ci[1] - wide.ci[0] > estimate.ci[1] - estimate.ci[0]);
  const reportMd = await runCli(['report', runDir, '--format', 'md', '--target', 'superpopulation']);
  assert.equal(reportMd.code, 0, reportMd.stderr);
  assert.match(reportMd.stdout, /stratified-ppi, price-bonett interval, target superpopulation/);
  assert.match(reportMd.stdout, /Target: the model's accuracy on the population of questions/);
  const badTarget = await runCli(['summary', runDir, '--target', 'everything']);
  assert.equal(badTarget.code, 2);
  assert.match(badTarget.stderr, /--target must be one of run-items, superpopulation, not "everything"/);

  // Judge stability on the null items: the scripted judge flips on odd repeats; a second pass is all cached.
  const nulls = [...lines.values()].filter((l) => l.verdict === null && l.error === null).length;
  assert.ok(nulls > 0);
  const before = server.requests.length;
  const stability = await runCli(['stability', runDir, '--k', '3', '--items', 'null', '--cache-dir', cache], { env: {} });
  assert.equal(stability.code, 0, stability.stderr);
  assert.equal(server.requests.length - before, 3 * nulls);
  const stabilityLines = readJsonl(join(runDir, 'stability.jsonl'), StabilityLineSchema).records.map((r) => r.value);
  assert.equal(stabilityLines.length, nulls);
  assert.ok(stabilityLines.every((l) => l.flips && l.sameJudge && l.verdicts.length === 3 && l.original === 'null'));
  const again = server.requests.length;
  assert.equal((await runCli(['stability', runDir, '--k', '3', '--items', 'null', '--cache-dir', cache], { env: {} })).code, 0);
  assert.equal(server.requests.length, again, 'the response cache keeps each sample index');
  const afterStability = await summaryOf(runDir);
  assert.deepEqual([afterStability.stability?.items, afterStability.stability?.flipped, afterStability.stability?.k], [nulls, nulls, 3]);

  // Re-judge with another judge and prompt: a new folder pointing at its source, no model requests.
  const template = join(out, 'strict.txt');
  writeFileSync(template, `Be strict.\n${official}`);
  const beforeRejudge = server.requests.length;
  const rejudged = await runCli(
    ['rejudge', runDir, '--judge-model', 'judge-b', '--judge-base-url', server.url, '--judge-template', template, '--cache-dir', cache],
    { env: {} },
  );
  assert.equal(rejudged.code, 0, rejudged.stderr);
  const newDir = rejudged.lastLine;
  assert.equal(dirname(newDir), dirname(runDir));
  const sent = server.requests.slice(beforeRejudge);
  assert.equal(sent.length, 60);
  assert.ok(sent.every((r) => (r.body as { model?: string }).model === 'judge-b'));
  const manifest = readManifest(newDir);
  assert.deepEqual(manifest['sourceRun'], {
    id: basename(runDir),
    dir: join('..', basename(runDir)),
    resultsSha256: sha256Hex(readFileSync(join(runDir, 'results.jsonl'))),
  });
  assert.equal(manifest.judge?.name, 'judge-b');
  assert.equal(manifest.status, 'finished');
  assert.equal(manifest.settings['judgeTemplateSha256'], sha256Hex(readFileSync(template)));
  assert.equal(readFileSync(join(newDir, 'judge_prompt.txt'), 'utf8'), readFileSync(template, 'utf8'));
  const newLines = readCurrentResults(newDir).byItem;
  for (const [id, line] of lines) {
    assert.equal(newLines.get(id)?.response, line.response);
    assert.equal(newLines.get(id)?.verdict, true);
    assert.ok(newLines.get(id)?.judgePrompt?.messages[0]?.content.startsWith('Be strict.\n'));
  }
  const rejudgedSummary = await summaryOf(newDir);
  const source = rejudgedSummary.agreement.sourceJudge;
  assert.ok(source !== undefined && source !== null);
  assert.equal(source.sourceRunId, basename(runDir));
  assert.equal(source.judges.items, 60);
  assert.equal(source.judges.confusion.counts[0]?.[0], summary.automatic.counts.true, 'source true -> new true');
  assert.equal(source.judgeVersusSourceHumans.items, 19);
  const resumed = await runCli(['rejudge', '--resume', newDir, '--cache-dir', cache], { env: {} });
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.equal(readCurrentResults(newDir).lines, 60, 'nothing left to do');
  const wrongResume = await runCli(['run', 'yokaieval', '--resume', newDir, '--data', sharedDataDir], { env: {} });
  assert.equal(wrongResume.code, 1);
  assert.match(wrongResume.stderr, /rejudge --resume/);

  // Report and table.
  const json = JSON.parse((await runCli(['report', runDir, '--format', 'json'])).stdout) as Record<string, unknown>;
  assert.ok(Array.isArray(json['methods']) && json['run'] !== undefined && json['conflicts'] !== undefined);
  const byFacet = z
    .object({
      agreement: z.object({
        judgeHumanByFacet: z.object({
          type: z.array(z.object({ value: z.string(), items: z.number() })),
          region: z.array(z.object({ value: z.string() })),
        }),
      }),
    })
    .parse(json);
  assert.equal(
    byFacet.agreement.judgeHumanByFacet.type.reduce((s, v) => s + v.items, 0),
    19,
  );
  const md = (await runCli(['report', runDir, '--format', 'md'])).stdout;
  assert.match(md, /^# Judge validation: /);
  assert.match(md, /Fleiss, Cohen & Everitt \(1969\)/);
  assert.match(md, /\| ana–ben \| 20 \|/);
  const htmlPath = join(out, 'report.html');
  assert.equal((await runCli(['report', newDir, '--format', 'html', '--out', htmlPath])).code, 0);
  const html = readFileSync(htmlPath, 'utf8');
  assert.ok(html.startsWith('<!DOCTYPE html>') && html.includes('source judge–judge') && !html.includes('<script'));

  const csvTable = (await runCli(['table', runDir, newDir, '--format', 'csv'])).stdout;
  const rows = csvRows(csvTable);
  assert.equal(rows.length, 3);
  assert.match(rows[0]?.join(',') ?? '', /^benchmark,model,judge,run,items,automatic,automatic_lo,automatic_hi,adjudicated/);
  assert.match((await runCli(['table', runDir, newDir, '--format', 'md'])).stdout, /\| yokaieval \| m \| gpt-4o \|/);
  const tex = (await runCli(['table', runDir, newDir, '--format', 'tex'])).stdout;
  assert.match(tex, /\\toprule[\s\S]*yokaieval & m & gpt-4o & [\d.]+ \[[\d.]+, [\d.]+\]/);
  assert.ok(existsSync(join(runDir, 'stability.jsonl')));
});

test('bad usage is a one-line error with exit code 2', async () => {
  for (const argv of [
    ['sample', 'x'],
    ['sample', 'x', '--n', '0'],
    ['report', 'x'],
    ['table', '--format', 'csv'],
    ['stability', 'x', '--items', 'some'],
    ['queue', 'x', '--order', 'best'],
  ]) {
    const result = await runCli(argv);
    assert.equal(result.code, 2, `${argv.join(' ')}: ${result.stderr}`);
    assert.equal(result.stderr.trim().split('\n').length, 1);
  }
});
