import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import MarkdownIt from 'markdown-it';
import { weightedKappa } from '../../../src/core/stats/weightedKappa';
import { meanDifference } from '../../../src/core/stats/meanDifference';
import { krippendorffAlpha } from '../../../src/core/stats/krippendorff';
import { stratifiedMeanEstimate } from '../../../src/core/stats/stratifiedMean';
import { buildValidationReport } from '../../../src/core/reports/report';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { eventOn } from '../../helpers/syntheticRun';
import { appendEvents, criterionGradeOf, FIVE_LEVELS, writeSyntheticGradedRun } from '../../helpers/syntheticGradedRun';

const LEVELS = FIVE_LEVELS.levels.map((l) => l.value);
const ITEMS = 10;
/** Human grade of criterion k of item i: the judge's, one level lower on every third criterion (a lenient judge); 0 where the judge gave none. */
function humanOf(i: number, k: number): number | null {
  const judge = criterionGradeOf(FIVE_LEVELS, i, k);
  if (judge === null) return 0;
  const index = LEVELS.indexOf(judge);
  return (i + k) % 3 === 0 && index > 0 ? (LEVELS[index - 1] ?? 0) : judge;
}

/** A criteria run of 10 items: ana grades every criterion of items 0–5, ben those of items 0–3 (disagreeing once, on item 3). */
function gradedRun(name: string) {
  const run = writeSyntheticGradedRun(join(scratchDir(name), 'run'), ITEMS);
  const events = [];
  let minute = 0;
  for (let i = 0; i < 6; i++) {
    for (let k = 0; k < 3; k++) {
      events.push(
        eventOn(run, { itemId: String(i), annotator: 'ana', minute: (minute += 1), criterion: String(k + 1), grade: humanOf(i, k) }),
      );
      if (i < 4) {
        const ben = i === 3 && k === 0 ? 1 : humanOf(i, k);
        events.push(eventOn(run, { itemId: String(i), annotator: 'ben', minute: (minute += 1), criterion: String(k + 1), grade: ben }));
      }
    }
  }
  appendEvents(run, events);
  return run;
}

test('a graded run’s report: weighted kappa, confusion over levels, differences and alpha per criterion; the estimate of the mean per item', () => {
  const run = gradedRun('graded-report');
  const report = buildValidationReport(run.dir);
  const graded = report.graded;
  assert.ok(graded !== undefined);
  // Criteria with a final human grade: items 0–5's, except item 3 criterion 1 (ana and ben differ: a conflict).
  const pairs: [number | null, number | null][] = [];
  for (let i = 0; i < 6; i++)
    for (let k = 0; k < 3; k++) if (!(i === 3 && k === 0)) pairs.push([criterionGradeOf(FIVE_LEVELS, i, k), humanOf(i, k)]);
  const criteria = graded.criteria;
  assert.ok(criteria !== null);
  assert.equal(criteria.units, ITEMS * 3);
  assert.equal(criteria.judgeHuman.items, pairs.length);
  const levelIndex = (g: number | null): number => (g === null ? 5 : LEVELS.indexOf(g));
  const table = Array.from({ length: 6 }, (_, r) =>
    Array.from({ length: 6 }, (_, c) => pairs.filter(([a, b]) => levelIndex(a) === r && levelIndex(b) === c).length),
  );
  assert.deepEqual(criteria.judgeHuman.confusion?.counts, table);
  const levels = table.slice(0, 5).map((row) => row.slice(0, 5));
  assert.equal(criteria.judgeHuman.weightedKappaLinear, weightedKappa(levels, 'linear').kappa);
  assert.deepEqual(criteria.judgeHuman.weightedKappaQuadraticCI, weightedKappa(levels, 'quadratic').ci);
  const graded2 = pairs.filter((p): p is [number, number] => p[0] !== null && p[1] !== null);
  assert.equal(criteria.judgeHuman.meanDifference, meanDifference(graded2).mean);
  assert.ok((criteria.judgeHuman.meanDifference ?? 0) > 0, 'the judge grades higher than the humans');
  // Annotators: the criteria of items 0–3 both graded.
  const shared = [];
  for (let i = 0; i < 4; i++)
    for (let k = 0; k < 3; k++) shared.push([humanOf(i, k), i === 3 && k === 0 ? 1 : humanOf(i, k)].filter((g): g is number => g !== null));
  assert.equal(criteria.interAnnotator.items, 12);
  assert.equal(criteria.interAnnotator.alphaOrdinal, krippendorffAlpha(shared, 'ordinal').alpha);
  assert.equal(criteria.interAnnotator.alphaInterval, krippendorffAlpha(shared, 'interval').alpha);
  // Per item: items 0, 1, 2, 4, 5 have every criterion decided; their human grade is the mean of the criteria (a null as 0).
  const items = graded.items;
  assert.equal(items.judgeHuman.items, 5);
  assert.equal(items.judgeHuman.confusion, null, 'an item’s mean over criteria is not a level');
  const estimate = items.estimateOfMean;
  assert.equal(estimate.labeled, 5);
  assert.deepEqual(estimate.nulls, { judge: 0, human: 0, withoutResult: 0 });
  const lineGrade = (i: number): number => run.lines.get(String(i))?.grade ?? 0;
  const itemHuman = (i: number): number => [0, 1, 2].reduce((s, k) => s + (humanOf(i, k) ?? 0), 0) / 3;
  const nearest = (g: number): string =>
    FIVE_LEVELS.levels.reduce((best, l) => (Math.abs(l.value - g) < Math.abs(best.value - g) ? l : best)).name;
  const strata = new Map<string, { population: number; values: number[] }>();
  for (let i = 0; i < ITEMS; i++) {
    const h = strata.get(nearest(lineGrade(i))) ?? { population: 0, values: [] };
    h.population += 1;
    if ([0, 1, 2, 4, 5].includes(i)) h.values.push(itemHuman(i));
    strata.set(nearest(lineGrade(i)), h);
  }
  const expected = stratifiedMeanEstimate(
    [...strata].map(([stratum, h]) => ({ stratum, ...h })),
    { min: 0, max: 1, support: LEVELS },
  );
  assert.ok(expected !== null && estimate.mean !== null && estimate.ci !== null);
  assert.ok(Math.abs(estimate.mean - expected.estimate) < 1e-12);
  assert.ok(Math.abs(estimate.ci[0] - expected.ci[0]) < 1e-12 && Math.abs(estimate.ci[1] - expected.ci[1]) < 1e-12);
  assert.equal(estimate.method, 'post-stratified-ppi');
  assert.ok(
    Math.abs((estimate.judgeMean ?? 0) - Array.from({ length: ITEMS }, (_, i) => lineGrade(i)).reduce((s, g) => s + g, 0) / ITEMS) < 1e-12,
  );
  // The report's method notes are the graded ones.
  assert.deepEqual(
    report.methods.map((m) => m.topic),
    ['Scorer–human agreement on grades', 'Estimate of the mean', 'Inter-annotator agreement on grades'],
  );
});

test('report --format json names the graded figures plainly; md and html show them, read back by their parsers', async () => {
  const run = gradedRun('graded-report-cli');
  const json = await runCli(['report', run.dir, '--format', 'json']);
  assert.equal(json.code, 0, json.stderr);
  const parsed = JSON.parse(json.stdout) as {
    graded: { items: Record<string, unknown>; criteria: { judgeHuman: Record<string, unknown>; interAnnotator: Record<string, unknown> } };
  };
  const jh = parsed.graded.criteria.judgeHuman;
  for (const key of [
    'weightedKappaLinear',
    'weightedKappaLinearCI',
    'weightedKappaQuadratic',
    'weightedKappaQuadraticCI',
    'meanDifference',
    'meanDifferenceCI',
    'meanAbsoluteDifference',
    'confusion',
  ])
    assert.ok(key in jh, key);
  assert.equal(typeof jh['weightedKappaQuadratic'], 'number');
  assert.equal(typeof parsed.graded.criteria.interAnnotator['alphaOrdinal'], 'number');
  assert.equal(typeof parsed.graded.criteria.interAnnotator['alphaInterval'], 'number');
  assert.ok('estimateOfMean' in parsed.graded.items);

  const md = await runCli(['report', run.dir, '--format', 'md']);
  assert.equal(md.code, 0, md.stderr);
  const tokens = new MarkdownIt().parse(md.stdout, {});
  const headings = tokens.flatMap((t, i) => (t.type === 'heading_open' ? [tokens[i + 1]?.content ?? ''] : []));
  assert.deepEqual(
    headings.filter((h) => /Mean score|Agreement on grades|Per item|Per criterion|Accuracy/.test(h)),
    ['Mean score', 'Agreement on grades', 'Per item', 'Per criterion'],
  );
  const cells = tokens.filter((t) => t.type === 'inline').map((t) => t.content);
  assert.ok(cells.includes('weighted κ quadratic') && cells.includes('estimate of the mean') && cells.includes('CLASS_MAJORLY_MET'));

  const out = join(scratchDir('graded-report-html'), 'report.html');
  assert.equal((await runCli(['report', run.dir, '--format', 'html', '--out', out])).code, 0);
  const window = new Window();
  window.document.write((await import('node:fs')).readFileSync(out, 'utf8'));
  const headers = [...window.document.querySelectorAll('th')].map((th) => th.textContent);
  assert.ok(headers.includes('weighted κ linear') && headers.includes('mean |difference|'));
  assert.ok([...window.document.querySelectorAll('h2')].some((h) => h.textContent === 'Mean score'));
  void window.happyDOM.close();
});
