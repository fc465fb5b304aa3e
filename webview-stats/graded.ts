import { el } from '../webview-kit/dom';
import {
  type GradedAgreementView,
  type GradedUnitStatisticsView,
  type GradedValidationView,
  type StatsReport,
  type StatsView,
} from '../src/core/protocol/stats';
import { GRADED_AGREEMENT_HEADER, gradedAgreementCells } from '../src/core/judgeValidation/gradedReportDocument';
import { card } from './cards';
import { count, fixed, fixedInterval } from './format';
import { confusionHeatmap, confusionSummary } from './heatmap';
import { automaticName, facetTitle } from './labels';
import { type ChartTheme } from './charts/theme';

const ESTIMATE_METHODS: Readonly<Record<GradedValidationView['items']['estimateOfMean']['method'], string>> = {
  census: 'every item graded by a human',
  'post-stratified-ppi': 'stratified PPI for a mean, graded items as the sample',
  none: 'not estimable yet',
};

const signed = (x: number | null): string => (x === null ? 'n/a' : `${x > 0 ? '+' : ''}${fixed(x)}`);

/** The unit the kappas and the confusion are over: criteria where items have them (an item's mean of criteria is not a level). */
function mainUnit(graded: GradedValidationView): { readonly name: string; readonly stats: GradedUnitStatisticsView } {
  return graded.criteria === null ? { name: 'item', stats: graded.items } : { name: 'criterion', stats: graded.criteria };
}

function table(caption: string, header: readonly string[], rows: readonly (readonly string[])[], className: string): HTMLTableElement {
  return el('table', { class: `data-table ${className}` }, [
    el('caption', { class: 'sr-only' }, caption),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        header.map((h) => el('th', { scope: 'col' }, h)),
      ),
    ),
    el(
      'tbody',
      {},
      rows.map((row) =>
        el(
          'tr',
          {},
          row.map((cell, i) => (i === 0 ? el('th', { scope: 'row' }, cell) : el('td', {}, cell))),
        ),
      ),
    ),
  ]);
}

function gradedCards(report: StatsReport, graded: GradedValidationView, view: StatsView): HTMLElement {
  const auto = automaticName(view);
  const { name, stats } = mainUnit(graded);
  const plural = name === 'item' ? 'items' : 'criteria';
  const jh: GradedAgreementView = stats.judgeHuman;
  const ia = stats.interAnnotator;
  const estimate = graded.items.estimateOfMean;
  return el('div', { class: 'kpis' }, [
    card({
      key: 'weighted-kappa',
      title: `${auto === 'judge' ? 'Judge' : 'Metric'}–human weighted kappa`,
      value: jh.weightedKappaQuadratic === null ? 'n/a' : `κw ${fixed(jh.weightedKappaQuadratic)}`,
      interval: fixedInterval(jh.weightedKappaQuadraticCI),
      details: [
        `quadratic weights · linear ${fixed(jh.weightedKappaLinear)} ${fixedInterval(jh.weightedKappaLinearCI)}`.trim(),
        jh.items === 0
          ? `no ${name} has a final human grade yet`
          : `over ${jh.bothGraded} ${plural} graded by both · ${jh.exact === null ? 'n/a' : `${(100 * jh.exact).toFixed(1)}%`} exact`,
      ],
      ...(jh.weightedKappaQuadratic === null ? { tone: 'muted' as const } : {}),
    }),
    card({
      key: 'mean-difference',
      title: `Mean difference (${auto} − human)`,
      value: signed(jh.meanDifference),
      interval: fixedInterval(jh.meanDifferenceCI),
      details: [
        `mean |difference| ${fixed(jh.meanAbsoluteDifference)} · on the scale’s values`,
        `per ${name}; above 0: the ${auto} grades higher`,
      ],
    }),
    card({
      key: 'inter-annotator',
      title: 'Annotator agreement (ceiling)',
      value: ia.alphaOrdinal === null ? 'n/a' : `α ${fixed(ia.alphaOrdinal)}`,
      details: [
        `Krippendorff’s alpha, ordinal · interval ${fixed(ia.alphaInterval)}`,
        `${count(ia.annotators.length, 'annotator')} · ${ia.items} shared ${plural}`,
      ],
      ...(ia.alphaOrdinal === null ? { tone: 'muted' as const } : {}),
    }),
    card({
      key: 'estimate-mean',
      title: 'Estimated mean score',
      value: fixed(estimate.mean),
      interval: fixedInterval(estimate.ci),
      details: [
        `${ESTIMATE_METHODS[estimate.method]} · ${count(estimate.labeled, 'human grade')}${estimate.effectiveN === null ? '' : ` · effective n ${fixed(estimate.effectiveN, 0)}`}`,
        `the ${auto}’s mean ${fixed(estimate.judgeMean)} over the items it graded (null ${estimate.nulls.judge}, without a result ${estimate.nulls.withoutResult}: left out, never 0)`,
      ],
      ...(estimate.mean === null ? { tone: 'muted' as const } : {}),
    }),
  ]);
}

function agreementCard(graded: GradedValidationView, view: StatsView): HTMLElement {
  const auto = automaticName(view);
  const units: [string, GradedUnitStatisticsView | null][] = [
    ['items', graded.items],
    ['criteria', graded.criteria],
  ];
  const rows: string[][] = [];
  for (const [name, stats] of units) {
    if (stats === null) continue;
    rows.push([`${name}: ${auto}–human`, ...gradedAgreementCells(stats.judgeHuman)]);
    for (const [facet, values] of Object.entries(stats.judgeHumanByFacet)) {
      for (const v of values.filter((x) => x.items > 0))
        rows.push([`${name}, ${facetTitle(view, facet).toLowerCase()} ${v.value}`, ...gradedAgreementCells(v)]);
    }
  }
  return el('section', { class: 'card card-graded-agreement' }, [
    el('h2', { class: 'card-title' }, 'Agreement on grades'),
    el(
      'p',
      { class: 'card-sub' },
      'Per item and per criterion, overall and per facet; kappas over the scale’s levels, differences on its values, nulls left out of both.',
    ),
    el(
      'div',
      { class: 'table-scroll', role: 'region', tabindex: 0, 'aria-label': 'Agreement on grades' },
      table('Agreement on grades', ['unit', ...GRADED_AGREEMENT_HEADER], rows, 'graded-agreement-table'),
    ),
  ]);
}

function estimateCard(graded: GradedValidationView, view: StatsView): HTMLElement {
  const estimate = graded.items.estimateOfMean;
  const auto = automaticName(view);
  return el('section', { class: 'card detail-estimate' }, [
    el('h2', { class: 'card-title' }, 'Estimate of the mean'),
    estimate.strata.length > 0
      ? table(
          'Strata of the mean score estimate',
          [`stratum (${auto}’s grade)`, 'items', 'human grades', 'human mean'],
          estimate.strata.map((h) => [h.stratum, String(h.population), String(h.labeled), fixed(h.humanMean)]),
          'strata-table',
        )
      : null,
    el(
      'ul',
      { class: 'notes' },
      estimate.notes.map((n) => el('li', {}, n)),
    ),
  ]);
}

/** A graded run's Statistics page: its grades' figures in place of accuracy and kappa on true / false / null. */
export function gradedSections(report: StatsReport, graded: GradedValidationView, view: StatsView, theme: ChartTheme): HTMLElement[] {
  const auto = automaticName(view);
  const { name, stats } = mainUnit(graded);
  const confusion = stats.judgeHuman.confusion;
  const caption = `Confusion over levels: rows the ${auto}’s grade, columns the final human grade (${stats.judgeHuman.items} ${name === 'item' ? 'items' : 'criteria'})`;
  return [
    gradedCards(report, graded, view),
    el('div', { class: 'grid charts' }, [
      confusion === null
        ? null
        : el('section', { class: 'card card-confusion' }, [
            el('h2', { class: 'card-title' }, `Confusion: ${auto} versus human, per ${name}`),
            el('p', { class: 'card-sub' }, 'Blue cells agree, orange cells disagree; stronger colour means more items.'),
            el('div', { class: 'heat-layout' }, [
              el('div', { class: 'heatmap-holder' }, confusionHeatmap({ confusion }, theme, caption)),
              confusionSummary({ confusion }),
            ]),
          ]),
      estimateCard(graded, view),
    ]),
    el('div', { class: 'grid wide' }, [agreementCard(graded, view)]),
  ];
}
