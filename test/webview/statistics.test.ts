import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type ValidationReport } from '../../src/core/reports/report';
import { fixed, fixedInterval, percent, percentInterval } from '../../src/core/judgeValidation/format';
import { type MountedStats, mountStats } from './statisticsHarness';
import { ANNOTATOR_A, ANNOTATOR_B, GPT4O_RESULTS, HOSTILE_MODEL, STATISTICS_RUN_DIR, buildStatisticsReport } from './statisticsFixture';
import { textOf } from './harness';

let report: ValidationReport | undefined;
let m: MountedStats | undefined;

before(async () => {
  report = await buildStatisticsReport();
});
after(() => m?.unmount());

/** Mounts the view with the report delivered; skips (or fails under CI) without the official file. */
async function shown(t: { skip: (reason: string) => void }): Promise<{ m: MountedStats; r: ValidationReport } | undefined> {
  if (report === undefined) {
    const reason = `official file not found: ${GPT4O_RESULTS} (set EVAL_ADJUDICATOR_DATA)`;
    if (process.env['CI'] === 'true') throw new Error(reason);
    t.skip(reason);
    return undefined;
  }
  m?.unmount();
  m = await mountStats();
  m.deliver({ type: 'statistics', report, runDir: STATISTICS_RUN_DIR });
  await m.settle();
  return { m, r: report };
}

const text = textOf;

describe('statistics webview', () => {
  test('asks for the report, shows it loading, then draws it and remembers the run folder', async (t) => {
    m?.unmount();
    m = await mountStats();
    assert.deepEqual(m.posted()[0], { type: 'ready' });
    assert.equal(m.$('.stats-body')?.getAttribute('aria-busy'), 'true');
    assert.match(text(m.$('.stats-body')), /Computing the validation report/);
    const s = await shown(t);
    if (s === undefined) return;
    assert.equal(s.m.$('.stats-body')?.getAttribute('aria-busy'), null);
    // The folder itself, for the host's serializer: the report names the run by its last segment only.
    assert.deepEqual(s.m.api.state, { runDir: STATISTICS_RUN_DIR });
    assert.notEqual(s.r.run.dir, STATISTICS_RUN_DIR);
    assert.equal(text(s.m.$('.run-model')), HOSTILE_MODEL);
    assert.deepEqual(
      s.m.$$('.run-line > span').map((x) => x.textContent),
      [HOSTILE_MODEL, 'judge verdicts as published', 'YokaiEval @ 84b5f91', '810 items', s.r.run.id],
    );
  });

  test('the confusion heatmap is a table of the judge-versus-human counts, coloured by the theme', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    const confusion = s.r.agreement.judgeHuman.confusion;
    const table = s.m.$('.heatmap');
    assert.ok(table !== null);
    assert.match(text(table.querySelector('caption')), /rows the judge’s verdict, columns the final human verdict \(\d+ items\)/);
    assert.deepEqual(
      [...table.querySelectorAll('thead tr:last-child th[scope="col"]')].map((th) => th.textContent),
      ['judge ↓', 'true', 'false', 'null', 'total'],
    );
    const cells = s.m.$$('.heat-cell');
    assert.equal(cells.length, 9);
    for (const cell of cells) {
      const r = confusion.labels.indexOf(cell.dataset['row'] ?? '');
      const c = confusion.labels.indexOf(cell.dataset['col'] ?? '');
      const n = confusion.counts[r]?.[c];
      assert.equal(cell.querySelector('.heat-count')?.textContent, String(n));
      assert.equal(cell.classList.contains('is-agreement'), r === c);
      assert.equal(cell.style.backgroundColor !== '', (n ?? 0) > 0, `cell ${r},${c} is coloured only when it holds items`);
    }
    const total = confusion.counts.flat().reduce((a, b) => a + b, 0);
    assert.equal(total, s.r.agreement.judgeHuman.items);
    assert.equal(text(table.querySelector('tfoot tr td:last-child')), String(total));
    // Realistic data: the judge and the humans mostly agree, and disagree somewhere.
    const diagonal = confusion.counts.reduce((sum, row, i) => sum + (row[i] ?? 0), 0);
    assert.ok(diagonal > total / 2 && diagonal < total);
  });

  test('judge–human kappa with its interval, beside the inter-annotator ceiling with its method named', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    const jh = s.r.agreement.judgeHuman;
    assert.ok(jh.kappa !== null && jh.kappaCI !== null);
    assert.equal(text(s.m.$('.kpi-judge-human .kpi-value')), `κ ${fixed(jh.kappa)}`);
    assert.equal(text(s.m.$('.kpi-judge-human .kpi-interval')), `95% CI ${fixedInterval(jh.kappaCI)}`);
    assert.match(
      text(s.m.$('.kpi-judge-human')),
      new RegExp(`${percent(jh.percent).replace('.', '\\.')} agreement over ${jh.items} items`),
    );
    assert.match(text(s.m.$('.kpi-judge-human')), /Cohen’s kappa, 95% interval/);
    const ia = s.r.agreement.interAnnotator;
    assert.equal(ia.method, 'cohen-kappa');
    assert.ok(ia.kappa !== null);
    assert.equal(text(s.m.$('.kpi-inter-annotator .kpi-title')), 'Annotator agreement (ceiling)');
    assert.equal(text(s.m.$('.kpi-inter-annotator .kpi-value')), `κ ${fixed(ia.kappa)}`);
    assert.equal(text(s.m.$('.kpi-inter-annotator .kpi-interval')), `95% CI ${fixedInterval(ia.kappaCI)}`);
    assert.match(text(s.m.$('.kpi-inter-annotator')), new RegExp(`Cohen’s kappa · 2 annotators · ${ia.items} shared items`));
  });

  test('the accuracy estimate with its interval and method, and the automatic accuracy with Wilson’s', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    const estimate = s.r.adjudicated.estimate;
    assert.equal(estimate.method, 'stratified-ppi');
    assert.ok(estimate.accuracy !== null && estimate.ci !== null);
    assert.equal(text(s.m.$('.kpi-estimate .kpi-value')), percent(estimate.accuracy));
    assert.equal(text(s.m.$('.kpi-estimate .kpi-interval')), `95% CI ${percentInterval(estimate.ci)}`);
    assert.match(
      text(s.m.$('.kpi-estimate')),
      new RegExp(
        `accuracy on the run’s items · stratified PPI, Price–Bonett interval · ${estimate.labeled} human verdicts · effective n \\d+`,
      ),
    );
    assert.equal(text(s.m.$('.kpi-automatic .kpi-value')), '64.0%');
    assert.equal(text(s.m.$('.kpi-automatic .kpi-interval')), '95% CI [60.6, 67.2]');
    assert.match(text(s.m.$('.kpi-automatic')), /true 518 of 810 by the judge · Wilson interval/);
    assert.match(text(s.m.$('.kpi-review')), /^Review 36 \/ 60 sampled items with a final human verdict \(seed 1\)/);
    assert.match(text(s.m.$('.detail-estimate')), /24 of the 60 sampled items have no final human verdict yet/);
  });

  test('the chart layer gets the accuracy, kappa, per-category and flag data', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    assert.deepEqual(s.m.charts.liveIds, ['accuracy', 'agreement', 'flags', 'facet-type', 'facet-region']);
    const accuracy = s.m.charts.live('accuracy')?.specs.at(-1);
    assert.deepEqual(
      accuracy?.bars.map((b) => [b.label, b.value, b.interval]),
      [
        ['Automatic (judge)', s.r.automatic.accuracy, s.r.automatic.ci],
        ['Adjudicated', s.r.adjudicated.accuracy, null],
        ['Estimated true accuracy', s.r.adjudicated.estimate.accuracy, s.r.adjudicated.estimate.ci],
      ],
    );
    assert.equal(accuracy?.format, 'percent');

    const agreement = s.m.charts.live('agreement')?.specs.at(-1);
    assert.deepEqual(
      agreement?.bars.map((b) => [b.label, b.tone]),
      [
        ['judge vs human (final)', 'blue'],
        [`judge vs ${ANNOTATOR_A}`, 'blue'],
        [`judge vs ${ANNOTATOR_B}`, 'blue'],
        [`${ANNOTATOR_A} vs ${ANNOTATOR_B}`, 'purple'],
      ],
    );
    assert.deepEqual(agreement?.bars[3]?.interval, s.r.agreement.interAnnotator.kappaCI);
    assert.ok((agreement?.min ?? 1) <= 0);

    const byType = s.r.agreement.judgeHumanByFacet['type'] ?? [];
    const typeSpec = s.m.charts.live('facet-type')?.specs.at(-1);
    const reviewed = byType.filter((v) => v.items > 0);
    assert.ok(reviewed.length >= 4, 'several question types have human verdicts');
    assert.deepEqual(
      typeSpec?.bars.map((b) => [b.label, b.value]),
      reviewed.map((v) => [v.value, v.percent]),
    );
    assert.equal(typeSpec?.table.rows.length, reviewed.length);
    assert.equal(s.m.$('.card-facet-type .card-title')?.textContent, 'Agreement by question type');

    const flags = s.m.charts.live('flags')?.specs.at(-1);
    const byCategory = s.r.adjudicated.flaggedByCategory;
    assert.ok(Object.keys(byCategory).length >= 2);
    for (const bar of flags?.bars ?? []) {
      const id = {
        'Invented entity': 'invented-entity',
        'Wrong region or period': 'wrong-region-or-period',
        'Cross-cultural conflation': 'cross-cultural-conflation',
        'Wrong Filipino practice': 'wrong-filipino-practice',
        'Code-switching / translation': 'code-switching-translation',
        Other: 'other',
      }[bar.label];
      assert.ok(id !== undefined, bar.label);
      assert.equal(bar.value, byCategory[id as keyof typeof byCategory] ?? 0, bar.label);
    }
    assert.match(flags?.summary ?? '', new RegExp(`${s.r.adjudicated.flagged} flagged items; `));
  });

  test('every chart has a text alternative: a labelled, focusable image and a data table', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    const figures = s.m.$$('figure.chart');
    assert.equal(figures.length, 5);
    for (const figure of figures) {
      const canvas = figure.querySelector('.chart-canvas');
      assert.equal(canvas?.getAttribute('role'), 'img');
      assert.equal(canvas?.getAttribute('tabindex'), '0');
      assert.ok((canvas?.getAttribute('aria-label') ?? '').length > 30, 'a summary in words');
      const hint = figure.querySelector(`#${canvas?.getAttribute('aria-describedby') ?? 'none'}`);
      assert.match(text(hint), /Arrow keys/);
      const spec = s.m.app.specs.get(figure.dataset['chartId'] ?? '');
      assert.ok(spec !== undefined);
      const rows = figure.querySelectorAll('details.chart-data table tbody tr');
      assert.equal(rows.length, spec.table.rows.length);
      assert.equal(text(figure.querySelector('details > summary')), 'Data table');
    }
    const accuracyLabel = s.m.$('[data-chart="accuracy"]')?.getAttribute('aria-label') ?? '';
    assert.match(accuracyLabel, /^Accuracy with 95% intervals\. Automatic \(judge\): 64\.0% \[60\.6, 67\.2\], Wilson interval\./);
    assert.match(accuracyLabel, /stratified PPI, Price–Bonett interval \(accuracy on the run’s items\)\.$/);
    assert.ok(s.m.$('.heatmap-scroll[role="region"][tabindex="0"]'));
  });

  test('stability flips, conflicts, method notes and provenance are shown', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    assert.deepEqual(s.r.stability && [s.r.stability.items, s.r.stability.flipped, s.r.stability.k], [8, 2, 5]);
    assert.equal(text(s.m.$('.kpi-stability .kpi-value')), '2 of 8 flipped');
    assert.ok(s.m.$('.kpi-stability')?.classList.contains('is-warn'));
    assert.deepEqual(
      s.m.$$('.detail-stability .item-list li').map((li) => li.textContent),
      s.r.stability?.flippedItems.map((id) => `#${id}`),
    );
    assert.ok(s.r.conflicts.length > 0);
    assert.equal(s.m.$$('.conflicts-table tbody tr').length, s.r.conflicts.length);
    assert.deepEqual(
      [...(s.m.$('.conflicts-table thead tr')?.children ?? [])].map((th) => th.textContent),
      ['item', 'automatic', ANNOTATOR_A, ANNOTATOR_B],
    );
    const topics = s.m.$$('.methods dt').map((dt) => dt.textContent);
    assert.deepEqual(
      topics,
      s.r.methods.map((x) => x.topic),
    );
    assert.match(text(s.m.$('.methods')), /Stratified prediction-powered inference/);
    assert.match(text(s.m.$('.methods')), /Target: the model's accuracy on this run's items \(finite population\).*Price & Bonett 2004/);
    const provenance = text(s.m.$('.provenance'));
    assert.ok(provenance.includes(`run ${s.r.run.id} (imported)`));
    assert.ok(provenance.includes(`model ${HOSTILE_MODEL}`));
    assert.match(provenance, /judge verdicts as published \(imported, no raw replies\)/);
    assert.match(provenance, /CyberAgentAILab\/YokaiEval @ 84b5f919bdf4edfb859670b6d33e2af687250f50/);
    assert.match(provenance, /works\/YokaiEval\.json sha256 07036f7c/);
  });

  test('untrusted names are rendered as text, never as markup', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    assert.equal(s.m.root.querySelectorAll('img, script, iframe, object').length, 0);
    for (const node of s.m.root.querySelectorAll('*')) {
      for (const attr of node.attributes) assert.ok(!/^on/i.test(attr.name), `no event-handler attribute (${attr.name})`);
      assert.equal(
        node.getAttribute('style'),
        node instanceof HTMLTableCellElement ? node.getAttribute('style') : null,
        'only heatmap cells carry CSSOM colours',
      );
    }
    const agreementTable = text(s.m.$('figure[data-chart-id="agreement"] table'));
    assert.ok(agreementTable.includes(`${ANNOTATOR_A} vs ${ANNOTATOR_B}`));
    assert.ok((s.m.$('[data-chart="agreement"]')?.getAttribute('aria-label') ?? '').includes(ANNOTATOR_B));
    assert.ok(text(s.m.$('.conflicts-table')).includes(ANNOTATOR_B));
    assert.equal(s.m.$('.run-model')?.children.length, 0);
  });

  test('refresh and export post protocol messages', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    s.m.api.posted.length = 0;
    s.m.$('.refresh-button')?.click();
    for (const format of ['md', 'json', 'html']) s.m.$(`.export-${format}`)?.click();
    assert.deepEqual(s.m.posted(), [
      { type: 'refresh' },
      { type: 'export', format: 'md' },
      { type: 'export', format: 'json' },
      { type: 'export', format: 'html' },
    ]);
    assert.equal(s.m.$('.export-html')?.getAttribute('aria-label'), 'Export the report as HTML');
  });

  test('a new report replaces the charts without leaking them; errors and invalid messages show in an alert', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    const before = s.m.charts.charts.length;
    s.m.deliver({ type: 'statistics', report: s.r, runDir: STATISTICS_RUN_DIR });
    await s.m.settle();
    assert.equal(s.m.charts.charts.length, before + 5);
    assert.equal(s.m.charts.liveIds.length, 5);
    s.m.deliver({ type: 'error', message: 'Could not read the run: run.json is missing' });
    const alert = s.m.$('.message-bar[role="alert"]');
    assert.equal(alert?.hidden, false);
    assert.match(text(alert), /run\.json is missing/);
    s.m.deliver({ type: 'statistics', report: { formatVersion: 2 } });
    assert.match(text(alert), /cannot read; try Refresh/);
    assert.equal(s.m.charts.liveIds.length, 5, 'the last good report stays');
  });

  test('Kalahi: each metric’s agreement with the human verdict gets its own chart', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    const base = s.r.agreement.judgeHuman;
    const kalahi = {
      ...s.r,
      run: { ...s.r.run, benchmark: 'kalahi' },
      metricsVersusHuman: [
        { metric: 'bleu', items: base.items, percent: 0.61, kappa: 0.2, kappaCI: [0.01, 0.39], kappaSE: 0.1, confusion: base.confusion },
        { metric: 'chrf', items: base.items, percent: 0.78, kappa: 0.52, kappaCI: [0.3, 0.74], kappaSE: 0.1, confusion: base.confusion },
      ],
    };
    s.m.deliver({ type: 'statistics', report: kalahi, runDir: STATISTICS_RUN_DIR });
    await s.m.settle();
    const spec = s.m.charts.live('metrics')?.specs.at(-1);
    assert.deepEqual(
      spec?.bars.map((b) => [b.label, b.value, b.text]),
      [
        ['bleu', 0.61, `61.0% · κ 0.20 · n ${base.items}`],
        ['chrf', 0.78, `78.0% · κ 0.52 · n ${base.items}`],
      ],
    );
    assert.equal(s.m.charts.live('accuracy')?.specs.at(-1)?.bars[0]?.label, 'Automatic (metric)');
    assert.match(text(s.m.$('.card-metrics .card-title')), /Metric acc versus the human verdict/);
  });
});
