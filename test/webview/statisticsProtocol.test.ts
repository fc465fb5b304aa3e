import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { type ValidationReport } from '../../src/core/reports/report';
import { StatsHostMessageSchema, StatsReportSchema, StatsWebviewMessageSchema } from '../../src/core/protocol/stats';
import { reportText } from '../../src/core/reports/reportText';
import { markdownText } from '../../src/core/util/markdownText';
import { statisticsMessage } from '../../src/extension/stats/statisticsMessage';
import { GPT4O_RESULTS, HOSTILE_MODEL, STATISTICS_RUN_DIR, buildStatisticsReport } from './statisticsFixture';

let report: ValidationReport | undefined;
before(async () => {
  report = await buildStatisticsReport();
});

function need(t: { skip: (reason: string) => void }): ValidationReport | undefined {
  if (report !== undefined) return report;
  const reason = `official file not found: ${GPT4O_RESULTS} (set EVAL_ADJUDICATOR_DATA)`;
  if (process.env['CI'] === 'true') throw new Error(reason);
  t.skip(reason);
  return undefined;
}

test('a real validation report, as the host posts it (JSON), satisfies the Statistics protocol', (t) => {
  const r = need(t);
  if (r === undefined) return;
  const posted = JSON.parse(JSON.stringify(statisticsMessage(r, STATISTICS_RUN_DIR))) as unknown;
  const parsed = StatsHostMessageSchema.safeParse(posted);
  assert.equal(parsed.success, true, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3)));
  if (!parsed.success || parsed.data.type !== 'statistics') return;
  assert.deepEqual(parsed.data.report.agreement.judgeHuman.confusion.counts, r.agreement.judgeHuman.confusion.counts);
  assert.deepEqual(parsed.data.report.adjudicated.estimate.ci, r.adjudicated.estimate.ci);
  assert.equal(parsed.data.report.run.model, HOSTILE_MODEL);
  assert.equal(parsed.data.runDir, STATISTICS_RUN_DIR, 'the page is told the folder a window reload reopens');
  assert.equal(
    StatsHostMessageSchema.safeParse({ type: 'statistics', report: r }).success,
    false,
    'a report message without its folder is refused',
  );
});

test('the protocol refuses malformed reports and messages', (t) => {
  const r = need(t);
  if (r === undefined) return;
  const broken = structuredClone(r) as unknown as { agreement: { judgeHuman: { kappaCI: unknown } } };
  broken.agreement.judgeHuman.kappaCI = [0.1];
  assert.equal(StatsReportSchema.safeParse(broken).success, false);
  assert.equal(StatsReportSchema.safeParse({ ...r, formatVersion: 2 }).success, false);
  assert.equal(StatsWebviewMessageSchema.safeParse({ type: 'export', format: 'pdf' }).success, false);
  assert.equal(StatsWebviewMessageSchema.safeParse({ type: 'export', format: 'html' }).success, true);
  assert.equal(StatsWebviewMessageSchema.safeParse({ type: 'ready' }).success, true);
  assert.equal(StatsHostMessageSchema.safeParse({ type: 'error' }).success, false);
});

test('the panel exports the same Markdown, JSON and HTML as the CLI’s report command', (t) => {
  const r = need(t);
  if (r === undefined) return;
  const md = reportText(r, 'md');
  assert.ok(md.startsWith(`# Judge validation: ${markdownText(r.run.id)}\n`), md.slice(0, 80));
  assert.match(md, /\| judge–human \(final verdict\) \| \d+ \| [\d.]+% \| [\d.]+ \| \\\[/);
  assert.deepEqual(JSON.parse(reportText(r, 'json')), JSON.parse(JSON.stringify(r)));
  const html = reportText(r, 'html');
  assert.ok(html.startsWith('<!DOCTYPE html>'));
  assert.ok(!html.includes('<img src=x'), 'model names are escaped in HTML');
  assert.ok(html.includes('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;'));
});
