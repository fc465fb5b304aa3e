// Each benchmark's Statistics page and report take their words from its folder: Kalahi's verdicts are a
// metric's acc, so no "Judge validation" title, no judge-stability card or note about re-asking a judge, and
// its own flag categories; YokaiEval keeps its judge wording and its own four categories.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hallucinationCategoriesFor } from '../../src/core/adjudication/event';
import { type ValidationReport } from '../../src/core/reports/report';
import { reportText } from '../../src/core/reports/reportText';
import { KALAHI_FLAGS, buildKalahiReport, buildPromptfooReport, buildYokaiEvalReport } from './kalahiStatisticsFixture';
import { type MountedStats, mountStats } from './statisticsHarness';
import { textOf } from './harness';
import { benchmarkBasicsOf } from '../../src/core/benchmarks/registryBasics';

let kalahi: ValidationReport;
let yokai: ValidationReport;
let promptfoo: ValidationReport;
let m: MountedStats | undefined;

before(async () => {
  kalahi = await buildKalahiReport();
  yokai = await buildYokaiEvalReport();
  promptfoo = await buildPromptfooReport();
});
after(() => m?.unmount());

async function show(report: ValidationReport): Promise<MountedStats> {
  m?.unmount();
  m = await mountStats();
  m.deliver({ type: 'statistics', report, runDir: `/runs/${report.run.id}` });
  await m.settle();
  return m;
}

const labelsOf = (benchmark: string): string[] =>
  hallucinationCategoriesFor(benchmarkBasicsOf(benchmark)).map((c) => c.label.replace(/ \(.*$/, ''));

describe('statistics words per benchmark', () => {
  test('Kalahi: titled Metric validation, no judge stability, its own flag categories and method notes', async () => {
    const s = await show(kalahi);
    const page = textOf(s.root);
    assert.equal(textOf(s.$('.stats-header h1')), 'Metric validation');
    assert.doesNotMatch(page, /Judge validation/);
    assert.doesNotMatch(page, /stability/i, 'a metric is not re-asked: no stability card, section or note');
    assert.doesNotMatch(page, /re-ask/i);
    assert.equal(s.$('.kpi-stability'), null);
    assert.equal(textOf(s.$('.kpi-judge-human .kpi-title')), 'Metric–human agreement');

    const flags = s.charts.live('flags')?.specs.at(-1);
    assert.deepEqual(
      flags?.bars.map((b) => b.label),
      labelsOf('kalahi'),
    );
    assert.deepEqual(
      flags?.bars
        .filter((b) => (b.value ?? 0) > 0)
        .map((b) => b.label)
        .sort(),
      ['Code-switching / translation', 'Invented entity', 'Wrong Filipino practice'],
    );
    assert.equal(KALAHI_FLAGS.length, 3);

    assert.deepEqual(
      s.$$('.methods dt').map((dt) => dt.textContent),
      ['Metric–human agreement', 'Accuracy estimate', 'Automatic accuracy interval', 'Inter-annotator agreement'],
    );
    assert.match(textOf(s.$('.methods')), /ceiling for metric–human agreement/);
    assert.deepEqual(
      s.charts
        .live('metrics')
        ?.specs.at(-1)
        ?.bars.map((b) => b.label),
      ['bleu', 'chrf'],
    );
  });

  test('YokaiEval: titled Judge validation, the judge-stability card says how to re-ask the judge, four categories', async () => {
    const s = await show(yokai);
    assert.equal(textOf(s.$('.stats-header h1')), 'Judge validation');
    assert.equal(textOf(s.$('.kpi-stability .kpi-title')), 'Judge stability');
    assert.equal(textOf(s.$('.kpi-stability .kpi-value')), 'not measured');
    assert.match(textOf(s.$('.kpi-stability')), /eval-adjudicator stability RUNDIR re-asks the judge/);
    assert.equal(textOf(s.$('.kpi-judge-human .kpi-title')), 'Judge–human agreement');
    const flags = s.charts.live('flags')?.specs.at(-1);
    assert.deepEqual(
      flags?.bars.map((b) => b.label),
      labelsOf('yokaieval'),
    );
    assert.ok(!flags?.bars.some((b) => /Filipino/.test(b.label)), 'no Filipino category on YokaiEval items');
    assert.deepEqual(
      s.$$('.methods dt').map((dt) => dt.textContent),
      ['Judge–human agreement', 'Accuracy estimate', 'Automatic accuracy interval', 'Inter-annotator agreement', 'Judge stability'],
    );
  });

  test("the accuracy estimate's method note names the benchmark's rater: a metric for Kalahi, the log's scorer for an imported log, never a judge", async () => {
    const estimateNote = (report: ValidationReport): string => report.methods.find((n) => n.topic === 'Accuracy estimate')?.text ?? '';
    assert.equal(kalahi.adjudicated.estimate.method, 'post-stratified-ppi');
    assert.equal(promptfoo.adjudicated.estimate.method, 'post-stratified-ppi');
    assert.match(estimateNote(kalahi), /the metric's verdict on every item defines the strata.*all agree with the metric still/);
    assert.match(estimateNote(promptfoo), /the scorer's verdict on every item defines the strata.*all agree with the scorer still/);
    assert.match(estimateNote(yokai), /the judge's verdict on every item defines the strata.*all agree with the judge still/);
    for (const report of [kalahi, promptfoo]) {
      assert.doesNotMatch(report.methods.map((n) => `${n.topic}: ${n.text}`).join('\n'), /judge/i, report.run.benchmark);
      const methods = reportText(report, 'md').split('\n## Methods\n')[1] ?? '';
      assert.match(methods, /Accuracy estimate/);
      assert.doesNotMatch(methods, /judge/i, report.run.benchmark);
    }
    assert.deepEqual(promptfoo.methods.map((n) => n.topic).slice(0, 2), ['Scorer–human agreement', 'Accuracy estimate']);

    const s = await show(kalahi);
    assert.doesNotMatch(textOf(s.$('.methods')), /judge/i);
    assert.match(textOf(s.$('.methods')), /all agree with the metric still/);
  });

  test('the report (Markdown and HTML) uses the same words', () => {
    const md = reportText(kalahi, 'md');
    assert.ok(md.startsWith(`# Metric validation: ${kalahi.run.id}\n`), md.slice(0, 80));
    assert.doesNotMatch(md, /Judge validation|stability|re-ask/i);
    assert.match(md, /ceiling for metric–human agreement/);
    const html = reportText(kalahi, 'html');
    assert.match(html, new RegExp(`<title>Metric validation: ${kalahi.run.id}</title>`));
    assert.doesNotMatch(html, /Judge validation|stability|re-ask/i);

    const yokaiMd = reportText(yokai, 'md');
    assert.ok(yokaiMd.startsWith(`# Judge validation: ${yokai.run.id}\n`));
    assert.match(yokaiMd, /- judge stability not measured\n/);
    assert.match(yokaiMd, /Judge stability: The judge is asked k more times/);
    assert.match(reportText(yokai, 'html'), new RegExp(`<title>Judge validation: ${yokai.run.id}</title>`));
  });
});
