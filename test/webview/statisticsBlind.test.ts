// Issue 36, item 1: while blind review is on in the window, Statistics and the reports made from the window
// show only what needs no automatic verdict (review progress, the annotators' agreement, flags), and say what
// is hidden. The figures never leave the host: the message itself carries none of them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { statisticsMessage } from '../../src/extension/stats/statisticsMessage';
import { windowReportText } from '../../src/core/reports/windowReportText';
import { type ValidationReport } from '../../src/core/reports/report';
import { fixed, percent } from '../../src/core/judgeValidation/format';
import { type MountedStats, mountStats } from './statisticsHarness';
import { GPT4O_RESULTS, STATISTICS_RUN_DIR, buildStatisticsReport } from './statisticsFixture';
import { textOf } from './harness';

const AUTOMATIC_KEYS = new Set([
  'automatic',
  'accuracy',
  'estimate',
  'judgeHuman',
  'judgePerAnnotator',
  'judgeHumanByFacet',
  'overrides',
  'stability',
  'metricsVersusHuman',
  'confusion',
]);

let report: ValidationReport | undefined;
let m: MountedStats | undefined;
before(async () => {
  report = await buildStatisticsReport();
});
after(() => m?.unmount());

function official(t: { skip: (reason: string) => void }): ValidationReport | undefined {
  if (report !== undefined) return report;
  const reason = `official file not found: ${GPT4O_RESULTS} (set EVAL_ADJUDICATOR_DATA)`;
  if (process.env['CI'] === 'true') throw new Error(reason);
  t.skip(reason);
  return undefined;
}

/** Every key anywhere in a JSON value, except those inside the interAnnotator block (human against human). */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      if (k !== 'interAnnotator') keysOf(v, out);
    }
  }
  return out;
}

/** Figures of the full report that need an automatic verdict, as the page and the reports print them. */
function automaticFigures(r: ValidationReport): string[] {
  return [
    percent(r.automatic.accuracy),
    percent(r.automatic.accuracy, 2),
    fixed(r.agreement.judgeHuman.kappa),
    percent(r.adjudicated.estimate.accuracy),
    percent(r.adjudicated.accuracy, 2),
  ];
}

test('the blind message carries no figure that needs an automatic verdict, and names what is hidden', (t) => {
  const r = official(t);
  if (r === undefined) return;
  const message = statisticsMessage(r, STATISTICS_RUN_DIR, true);
  assert.equal(message.type, 'blindStatistics');
  // The view's words (who the rater is) are not figures; the report is what must hold none.
  const leaked = [...keysOf(message.report)].filter((k) => AUTOMATIC_KEYS.has(k));
  assert.deepEqual(leaked, []);
  assert.equal(statisticsMessage(r, STATISTICS_RUN_DIR, false).type, 'statistics');
});

test('the blind Statistics page shows review progress and annotator agreement, no chart, and says what is hidden', async (t) => {
  const r = official(t);
  if (r === undefined) return;
  m = await mountStats();
  m.deliver(statisticsMessage(r, STATISTICS_RUN_DIR, false));
  await m.settle();
  assert.ok(m.charts.liveIds.length > 0, 'the full page draws charts');
  m.deliver(statisticsMessage(r, STATISTICS_RUN_DIR, true));
  await m.settle();
  assert.deepEqual(m.charts.liveIds, [], 'turning blind on removes every chart');
  const page = textOf(m.$('.stats-body'));
  assert.match(page, /Blind review is on/);
  assert.match(page, /the automatic accuracy/);
  assert.match(page, new RegExp(`${r.adjudicated.reviewed} of ${r.items} items reviewed`));
  assert.match(textOf(m.$('.kpi-inter-annotator')), /Annotator agreement/);
  assert.equal(m.$('.kpi-automatic'), null);
  assert.equal(m.$('.kpi-estimate'), null);
  assert.equal(m.$('.card-confusion'), null);
  for (const figure of automaticFigures(r)) assert.ok(!textOf(m.root).includes(figure), `the page shows ${figure}`);
  m.deliver(statisticsMessage(r, STATISTICS_RUN_DIR, false));
  await m.settle();
  assert.ok(m.$('.kpi-automatic') !== null, 'blind off: the full page again');
});

test('reports exported from the window while blind hold no automatic figure (JSON, Markdown, HTML)', (t) => {
  const r = official(t);
  if (r === undefined) return;
  const json: unknown = JSON.parse(windowReportText(r, 'json', true));
  assert.deepEqual(
    [...keysOf(json)].filter((k) => AUTOMATIC_KEYS.has(k)),
    [],
  );
  for (const format of ['md', 'html'] as const) {
    const text = windowReportText(r, format, true);
    assert.match(text, /Blind review is on/);
    assert.match(text, new RegExp(`${r.adjudicated.reviewed} of ${r.items} reviewed`));
    for (const figure of automaticFigures(r)) assert.ok(!text.includes(figure), `${format} shows ${figure}`);
  }
  assert.ok(
    automaticFigures(r).some((f) => windowReportText(r, 'md', false).includes(f)),
    'the figures checked are those a full report prints',
  );
});
