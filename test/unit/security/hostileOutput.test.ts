// Model output and judge replies carrying markup (the test server's --hostile-responses script) travel
// through the run as data: kept verbatim in results.jsonl, handed to the review as text, quoted in CSV,
// and escaped in the HTML report (a page a researcher opens in a browser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../../server';
import { hostileScript } from '../../server/hostileScript';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { readCurrentResults } from '../../../src/core/runs/runFolder';
import { ItemDetailSchema } from '../../../src/core/protocol/review';
import { runCli } from '../../helpers/cli';
import { csvRecords } from '../../helpers/csv';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { XSS_PAYLOADS } from '../../fixtures/xssPayloads';

const templatePath = join(sharedDataDir, 'yokaieval', 'judge_prompt.txt');
const ITEMS = 30;

test('hostile model output and judge replies are data all the way: results, review, CSV, and an escaped HTML report', async (t) => {
  if (!requireSharedFile(t, templatePath)) return;
  const server = await startTestServer({ judgeTemplate: readFileSync(templatePath, 'utf8'), script: hostileScript });
  t.after(() => server.close());
  const out = scratchDir('hostile-output');
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
      '--limit',
      String(ITEMS),
      '--no-cache',
      '--max-tokens',
      '100000',
      '--judge-max-tokens',
      '100000',
    ],
    { env: {} },
  );
  assert.equal(run.code, 0, run.stderr);
  const runDir = run.lastLine;
  const lines = [...readCurrentResults(runDir).byItem.values()];
  assert.equal(lines.length, ITEMS);
  const payloads = XSS_PAYLOADS.map((p) => p.payload);
  const carried = lines.filter((l) => payloads.some((p) => l.response?.endsWith(` ${p}`)));
  assert.equal(carried.length, ITEMS, 'every response carries a payload, verbatim');
  assert.ok(
    lines.some((l) => l.judgeReply !== null && payloads.some((p) => l.judgeReply?.endsWith(p))),
    'some judge replies carry one',
  );
  assert.ok(
    lines.some((l) => l.verdict === true || l.verdict === false),
    'clean judge replies still give verdicts',
  );
  assert.ok(
    lines.filter((l) => l.judgeReply !== null && !['true', 'false', 'null'].includes(l.judgeReply)).every((l) => l.verdict === null),
    'a reply with markup is off the menu: null',
  );

  // A note and a flag with markup, and a conflict, so the report lists texts.
  const note = '<script>alert("note")</script><img src=x onerror=alert(1)>';
  for (const [annotator, verdict] of [
    ['<b>Aiko</b>', 'true'],
    ['Ben"><svg onload=alert(1)>', 'false'],
  ] as const) {
    const adjudicated = await runCli(
      ['adjudicate', runDir, '--item', '0', '--verdict', verdict, '--note', note, '--flag', 'other', '--annotator', annotator],
      { env: {} },
    );
    assert.equal(adjudicated.code, 0, adjudicated.stderr);
  }

  const { session } = ReviewSession.open(runDir, '<b>Aiko</b>');
  for (const line of lines) {
    const detail = ItemDetailSchema.parse(session.detail(line.itemId, false));
    assert.ok(detail.kind === 'choices');
    assert.equal(detail.response, line.response, 'the review gets the response as it is');
    assert.equal(detail.judgeReply, line.judgeReply);
  }

  const csvPath = join(out, 'export.csv');
  assert.equal((await runCli(['export', runDir, '--format', 'csv', '--out', csvPath], { env: {} })).code, 0);
  const rows = csvRecords(readFileSync(csvPath, 'utf8'));
  const byId = new Map(rows.map((r) => [r['itemId'], r['response']]));
  for (const line of lines) assert.equal(byId.get(line.itemId), line.response, `item ${line.itemId}: CSV keeps the response whole, quoted`);

  const htmlPath = join(out, 'report.html');
  const report = await runCli(['report', runDir, '--format', 'html', '--out', htmlPath], { env: {} });
  assert.equal(report.code, 0, report.stderr);
  const html = readFileSync(htmlPath, 'utf8');
  for (const raw of ['<script>alert', '<img src=x', '<svg onload', '<b>Aiko</b>', 'onerror=alert(1)>'])
    assert.ok(!html.includes(raw), `the report holds ${raw} unescaped`);
  assert.ok(html.includes('&lt;b&gt;Aiko&lt;/b&gt;') || html.includes('&lt;b>Aiko&lt;/b>'), 'the annotator is shown, escaped');
  assert.ok((html.match(/<script/g) ?? []).length === 0, 'the report runs no script');
});
