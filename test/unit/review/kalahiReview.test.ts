import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { startTestServer } from '../../server';
import { appendAdjudications } from '../../../src/core/adjudication/adjudicationLog';
import { exportAdjudicated } from '../../../src/core/export/exportAdjudicated';
import { newAdjudicationEvent } from '../../../src/core/adjudication/newEvent';
import { runPromptDocument } from '../../../src/core/review/judgeTemplate';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { HostMessageSchema, ItemDetailSchema } from '../../../src/core/protocol/review';
import { runCli } from '../../helpers/cli';
import { csvRecords } from '../../helpers/csv';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const csvPath = join(sharedDataDir, 'kalahi', 'filipino.csv');

async function kalahiRun(task: 'open' | 'mc' | 'both', url: string): Promise<string> {
  const out = scratchDir(`kalahi-review-${task}`);
  const result = await runCli(
    [
      'run',
      'kalahi',
      '--task',
      task,
      '--limit',
      '6',
      '--model',
      'test-model',
      '--base-url',
      url,
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--no-cache',
      ...(task === 'mc' ? [] : ['--metrics', 'chrf,bleu,rouge-1']),
    ],
    { env: {} },
  );
  assert.equal(result.code, 0, result.stderr);
  return result.lastLine;
}

test('Kalahi runs in the review: rows and details satisfy the protocol; open-ended, MC-only and both', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const server = await startTestServer({});
  t.after(() => server.close());

  const open = ReviewSession.open(await kalahiRun('open', server.url), 'Ana').session;
  const rows = open.rows();
  assert.equal(rows.length, 6);
  const init = {
    type: 'init',
    run: open.runHeader(),
    header: open.header(),
    rows,
    annotator: 'Ana',
    role: 'annotator',
    categories: [],
    selectedItemId: null,
    blind: true,
  };
  assert.equal(HostMessageSchema.safeParse(init).success, true);
  assert.deepEqual(open.runHeader().metrics, ['chrf', 'bleu', 'rouge-1']);
  assert.equal(open.runHeader().primaryMetric, 'chrf');
  const first = rows[0];
  assert.ok(first !== undefined);
  assert.equal(first.decidable, true);
  assert.deepEqual(Object.keys(first.facets), ['category', 'topic', 'model']);
  assert.deepEqual(Object.keys(first.metricAcc ?? {}), ['chrf', 'bleu', 'rouge-1']);
  const detail = open.detail(first.id, false);
  assert.equal(ItemDetailSchema.safeParse(detail).success, true);
  assert.equal(detail.kind, 'references');
  if (detail.kind === 'references') {
    assert.equal(detail.open?.primaryMetric, 'chrf');
    assert.deepEqual(
      detail.open?.metrics.map((m) => m.name),
      ['chrf', 'bleu', 'rouge-1'],
    );
    const chrf = detail.open?.metrics[0];
    assert.equal(first.margin, chrf?.diff, 'the row’s margin is the primary metric’s diff');
    assert.equal(detail.auto, chrf?.acc ? 'true' : 'false');
    assert.equal(detail.references.relevant.length, chrf?.relevant.length);
    assert.equal(detail.mc, null);
    assert.ok(first.search?.includes(detail.references.irrelevant[0] ?? '-'), 'the references are searchable');
    assert.ok(first.search?.includes(detail.open?.answer ?? '-'));
  }

  assert.equal(open.header().verdicts, true);
  assert.equal(open.header().mc, undefined, 'an open-ended run has no MC scores');

  const mcDir = await kalahiRun('mc', server.url);
  const mc = ReviewSession.open(mcDir, 'Ana').session;
  const mcHeader = mc.header();
  assert.equal(mcHeader.verdicts, false, 'an MC-only run has no verdicts: the panel shows MC1 and MC2');
  const summary = z
    .object({ mc: z.object({ mc1: z.number(), mc2: z.number() }) })
    .parse(JSON.parse((await runCli(['summary', mcDir, '--json'])).stdout));
  assert.deepEqual(
    [mcHeader.mc?.mc1, mcHeader.mc?.mc2, mcHeader.mc?.scored],
    [summary.mc.mc1, summary.mc.mc2, 6],
    'the header’s MC means are the summary’s',
  );
  const mcRow = mc.rows()[0];
  assert.equal(mcRow?.decidable, false, 'MC items take flags and notes only');
  const mcDetail = mc.detail(mcRow?.id ?? '', false);
  assert.ok(mcDetail.kind === 'references' && mcDetail.open === null && mcDetail.mc !== null && !mcDetail.decidable);
  if (mcDetail.kind === 'references' && mcDetail.mc !== null) {
    const best = mcDetail.mc.relevant[mcDetail.references.bestIndex]?.score ?? NaN;
    assert.equal(
      mcRow?.margin,
      best - Math.max(...mcDetail.mc.irrelevant.map((s) => s.score)),
      'MC margin: best minus the best irrelevant',
    );
  }

  const both = ReviewSession.open(await kalahiRun('both', server.url), 'Ana').session;
  const bothDetail = both.detail(both.rows()[0]?.id ?? '', false);
  assert.ok(bothDetail.kind === 'references' && bothDetail.open !== null && bothDetail.mc !== null && bothDetail.decidable);
});

const KalahiExport = z.object({
  kalahi: z.object({ primaryMetric: z.string(), open: z.object({ automaticAcc: z.number(), adjudicatedAcc: z.number() }), mc: z.null() }),
  adjudicated: z.object({ accuracy: z.number() }),
  items: z.array(
    z.object({
      itemId: z.string(),
      automaticVerdict: z.boolean().nullable(),
      humanVerdict: z.boolean().nullable(),
      adjudicatedAcc: z.number().nullable(),
      metrics: z.record(z.string(), z.object({ diff: z.number(), acc: z.boolean() }).nullable()),
    }),
  ),
});

test('the Kalahi adjudicated export puts the human verdict in place of the primary metric’s acc; live results reload only changed rows', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const server = await startTestServer({});
  t.after(() => server.close());
  const dir = await kalahiRun('open', server.url);
  const { session } = ReviewSession.open(dir, 'Ana');
  const rows = session.rows();
  const wasTrue = rows.find((r) => r.auto === 'true');
  assert.ok(wasTrue !== undefined);
  const line = session.currentLine(wasTrue.id);
  assert.ok(line !== undefined);
  await appendAdjudications(join(dir, 'adjudications.jsonl'), [
    newAdjudicationEvent({
      itemId: wasTrue.id,
      annotator: 'Ana',
      role: 'adjudicator',
      state: { verdict: false, hallucination: 'wrong-filipino-practice', note: 'pagmamano is wrong here' },
      current: line,
      blind: true,
    }),
  ]);

  const json = KalahiExport.parse(JSON.parse(exportAdjudicated(dir, 'json')));
  const overridden = json.items.find((i) => i.itemId === wasTrue.id);
  assert.deepEqual([overridden?.automaticVerdict, overridden?.humanVerdict, overridden?.adjudicatedAcc], [true, false, 0]);
  const autos = rows.filter((r) => r.auto === 'true').length;
  assert.equal(json.kalahi.open.automaticAcc, autos / 6);
  assert.equal(json.kalahi.open.adjudicatedAcc, (autos - 1) / 6);
  assert.equal(json.adjudicated.accuracy, json.kalahi.open.adjudicatedAcc);
  assert.ok(json.items.every((i) => Object.keys(i.metrics).join() === 'chrf,bleu,rouge-1'));

  const csv = csvRecords(exportAdjudicated(dir, 'csv'));
  const row = csv.find((r) => r['itemId'] === wasTrue.id);
  assert.equal(row?.['automaticVerdict'], 'true');
  assert.equal(row?.['humanVerdict'], 'false');
  assert.equal(row?.['adjudicatedAcc'], '0');
  assert.equal(row?.['primaryMetric'], 'chrf');
  assert.equal(row?.['flags'], 'wrong-filipino-practice');
  assert.ok(row !== undefined && 'chrf.diff' in row && 'bleu.acc' in row && 'answer' in row && 'prompt' in row);
  assert.ok(!('mc1' in (row ?? {})), 'no MC columns for an open-ended run');

  // A retry appends a line for one item: only that row comes back.
  const results = readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n');
  const retried = { ...(JSON.parse(results[2] ?? '{}') as Record<string, unknown>), time: new Date(Date.now() + 1000).toISOString() };
  appendFileSync(join(dir, 'results.jsonl'), `${JSON.stringify(retried)}\n`);
  session.readTail();
  assert.deepEqual(
    session.reloadResults().map((r) => r.id),
    [rows[2]?.id],
  );
  assert.deepEqual(session.reloadResults(), [], 'nothing new the second time');
});

test('the panel’s “judge prompt” of a Kalahi run is its scoring settings', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const server = await startTestServer({});
  t.after(() => server.close());
  const dir = await kalahiRun('open', server.url);
  const { session } = ReviewSession.open(dir, 'Ana');
  const doc = await runPromptDocument(dir, session.manifest, { dataDir: sharedDataDir });
  assert.equal(doc.language, 'json');
  assert.match(doc.text, /"primaryMetric": "chrf"/);
  assert.match(doc.text, /no LLM judge/);
});
