import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { type ValidationReport, buildValidationReport } from '../../src/core/reports/report';
import { fixed, fixedInterval } from '../../src/core/judgeValidation/format';
import { scratchDir } from '../helpers/scratch';
import { eventOn } from '../helpers/syntheticRun';
import { FIVE_LEVELS, appendEvents, criterionGradeOf, writeSyntheticGradedRun } from '../helpers/syntheticGradedRun';
import { textOf } from './harness';
import { type MountedStats, mountStats } from './statisticsHarness';

let report: ValidationReport | undefined;
let m: MountedStats | undefined;
const RUN_DIR = '/runs/graded';

/**
 * A criteria run of 8 items: ana grades every criterion of items 0–5, one level below the judge on the levels 0.25
 * and 0.75; ben grades items 0–2. Built before happy-dom replaces the globals.
 */
before(() => {
  const run = writeSyntheticGradedRun(join(scratchDir('statistics-graded'), 'run'), 8);
  const values = FIVE_LEVELS.levels.map((l) => l.value);
  const lower = (g: number | null): number => (g === null ? 0 : (values[Math.max(0, values.indexOf(g) - ((g * 4) % 2))] ?? 0));
  let minute = 0;
  const events = [];
  for (let i = 0; i < 6; i++) {
    for (let k = 0; k < 3; k++) {
      const grade = lower(criterionGradeOf(FIVE_LEVELS, i, k));
      events.push(eventOn(run, { itemId: String(i), annotator: 'ana', minute: (minute += 1), criterion: String(k + 1), grade }));
      // ben agrees with ana but on item 1's criterion 3, where he gives the highest level.
      if (i < 3)
        events.push(
          eventOn(run, {
            itemId: String(i),
            annotator: 'ben',
            minute: (minute += 1),
            criterion: String(k + 1),
            grade: i === 1 && k === 2 ? 1 : grade,
          }),
        );
    }
  }
  appendEvents(run, events);
  report = buildValidationReport(run.dir);
});
after(() => m?.unmount());

test('a graded run’s Statistics page: weighted kappas, mean difference, alpha and the estimate of the mean, a confusion over levels, agreement per item and per criterion', async () => {
  assert.ok(report?.graded !== undefined);
  const graded = report.graded;
  const criteria = graded.criteria;
  assert.ok(criteria !== null);
  m = await mountStats();
  m.deliver({ type: 'statistics', report, runDir: RUN_DIR });
  await m.settle();
  const jh = criteria.judgeHuman;
  assert.ok(jh.weightedKappaQuadratic !== null && jh.weightedKappaLinear !== null);
  assert.equal(textOf(m.$('.kpi-weighted-kappa .kpi-value')), `κw ${fixed(jh.weightedKappaQuadratic)}`);
  assert.equal(textOf(m.$('.kpi-weighted-kappa .kpi-interval')), `95% CI ${fixedInterval(jh.weightedKappaQuadraticCI)}`);
  assert.match(textOf(m.$('.kpi-weighted-kappa')), new RegExp(`linear ${fixed(jh.weightedKappaLinear)}`));
  assert.ok((jh.meanDifference ?? 0) > 0, 'the judge grades higher than ana');
  assert.equal(textOf(m.$('.kpi-mean-difference .kpi-value')), `+${fixed(jh.meanDifference)}`);
  assert.match(textOf(m.$('.kpi-mean-difference')), new RegExp(`mean \\|difference\\| ${fixed(jh.meanAbsoluteDifference)}`));
  assert.equal(
    textOf(m.$('.kpi-inter-annotator .kpi-value')),
    criteria.interAnnotator.alphaOrdinal === null ? 'n/a' : `α ${fixed(criteria.interAnnotator.alphaOrdinal)}`,
  );
  assert.match(textOf(m.$('.kpi-inter-annotator')), /2 annotators · 9 shared criteria/);
  const estimate = graded.items.estimateOfMean;
  assert.ok(estimate.mean !== null && estimate.ci !== null, 'every stratum of the judge’s item grades has a graded item');
  assert.equal(textOf(m.$('.kpi-estimate-mean .kpi-value')), fixed(estimate.mean));
  assert.equal(textOf(m.$('.kpi-estimate-mean .kpi-interval')), `95% CI ${fixedInterval(estimate.ci)}`);
  // The binary page's figures are not shown for a graded run.
  assert.equal(m.$('.kpi-judge-human'), null);
  assert.equal(m.$('.kpi-automatic'), null);
  assert.deepEqual(m.charts.liveIds, []);

  // The confusion over the scale's levels and null, per criterion.
  const heat = m.$('.heatmap');
  assert.ok(heat !== null);
  assert.deepEqual(
    [...heat.querySelectorAll('thead tr:last-child th[scope="col"]')].map((th) => th.textContent),
    [`${jh.confusion?.rows ?? ''} ↓`, ...FIVE_LEVELS.levels.map((l) => l.name), 'null', 'total'],
  );
  for (const cell of m.$$('.heat-cell')) {
    const labels = jh.confusion?.labels ?? [];
    const r = labels.indexOf(cell.dataset['row'] ?? '');
    const c = labels.indexOf(cell.dataset['col'] ?? '');
    assert.equal(cell.querySelector('.heat-count')?.textContent, String(jh.confusion?.counts[r]?.[c]));
  }
  assert.equal(textOf(heat.querySelector('tfoot tr td:last-child')), String(jh.items));

  // Agreement per item and per criterion, then per category, as rows of one table.
  const rows = m.$$('.graded-agreement-table tbody tr').map((tr) => [...tr.children].map((c) => c.textContent ?? ''));
  const header = [...(m.$('.graded-agreement-table thead tr')?.children ?? [])].map((c) => c.textContent);
  assert.deepEqual(header.slice(0, 3), ['unit', 'units', 'exact']);
  const criteriaRow = rows.find((r) => /^criteria: \w+–human$/.test(r[0] ?? ''));
  assert.equal(criteriaRow?.[header.indexOf('weighted κ quadratic')], fixed(jh.weightedKappaQuadratic));
  assert.equal(criteriaRow?.[header.indexOf('mean difference')], fixed(jh.meanDifference));
  assert.ok(rows.some((r) => /^items: \w+–human$/.test(r[0] ?? '')));
  const facets = Object.entries(criteria.judgeHumanByFacet).flatMap(([, values]) => values.filter((v) => v.items > 0));
  assert.ok(facets.length > 0);
  assert.equal(rows.filter((r) => (r[0] ?? '').startsWith('criteria, ')).length, facets.length, rows.map((r) => r[0]).join(' | '));
  // The estimate's strata and its notes; the graded method notes.
  assert.equal(m.$$('.detail-estimate .strata-table tbody tr').length, estimate.strata.length);
  assert.match(textOf(m.$('.detail-estimate .notes')), /null grades are left out of every mean, never counted as a value: 0 the judge's/);
  assert.match(textOf(m.$('.methods')), /Estimate of the mean.*Prediction-powered inference for a mean/);
});
