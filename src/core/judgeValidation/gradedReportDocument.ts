import { type Block } from './document';
import { fixed, fixedInterval } from './format';
import { type GradedAgreementStats } from './gradedAgreement';
import { type GradedUnitStatistics, type GradedValidation } from './gradedValidation';

export const GRADED_AGREEMENT_HEADER = [
  'units',
  'exact',
  'weighted κ linear',
  '95% CI',
  'weighted κ quadratic',
  '95% CI',
  'mean difference',
  '95% CI',
  'mean |difference|',
];

export function gradedAgreementCells(a: GradedAgreementStats): string[] {
  return [
    String(a.items),
    a.exact === null ? 'n/a' : `${(100 * a.exact).toFixed(1)}%`,
    fixed(a.weightedKappaLinear),
    fixedInterval(a.weightedKappaLinearCI),
    fixed(a.weightedKappaQuadratic),
    fixedInterval(a.weightedKappaQuadraticCI),
    fixed(a.meanDifference),
    fixedInterval(a.meanDifferenceCI),
    fixed(a.meanAbsoluteDifference),
  ];
}

function unitBlocks(name: string, stats: GradedUnitStatistics, rater: string): Block[] {
  const { judgeHuman, interAnnotator } = stats;
  const blocks: Block[] = [
    { kind: 'heading', level: 3, text: `Per ${name}` },
    {
      kind: 'table',
      header: ['raters', ...GRADED_AGREEMENT_HEADER],
      rows: [[`${rater}–human (final grade)`, ...gradedAgreementCells(judgeHuman)]],
    },
    {
      kind: 'paragraph',
      text: `${stats.units} ${name === 'item' ? 'items' : 'criteria'}, ${judgeHuman.items} with a final human grade (${judgeHuman.bothGraded} where neither grade is null). Annotators (${interAnnotator.annotators.length}, over ${interAnnotator.items} shared units): alpha ordinal ${fixed(interAnnotator.alphaOrdinal)}, alpha interval ${fixed(interAnnotator.alphaInterval)}, the ceiling for ${rater}–human agreement.`,
    },
  ];
  const confusion = judgeHuman.confusion;
  if (confusion !== null) {
    blocks.push({
      kind: 'table',
      header: [`${confusion.rows} / ${confusion.columns}`, ...confusion.labels],
      rows: confusion.labels.map((label, i) => [label, ...(confusion.counts[i] ?? []).map(String)]),
    });
  }
  for (const [facet, all] of Object.entries(stats.judgeHumanByFacet)) {
    const values = all.filter((v) => v.items > 0);
    if (values.length > 0)
      blocks.push({
        kind: 'table',
        header: [facet, ...GRADED_AGREEMENT_HEADER],
        rows: values.map((v) => [v.value, ...gradedAgreementCells(v)]),
      });
  }
  return blocks;
}

/** A graded run's figures as report blocks: the estimate of the mean score, then agreement per item and per criterion. */
export function gradedReportDocument(graded: GradedValidation, rater: string): Block[] {
  const estimate = graded.items.estimateOfMean;
  const scale =
    graded.scale.kind === 'ordinal'
      ? `ordinal: ${graded.scale.levels.map((l) => `${l.name} ${l.value}`).join(', ')}`
      : `numeric from ${graded.scale.min} to ${graded.scale.max}`;
  const blocks: Block[] = [
    { kind: 'heading', level: 2, text: 'Mean score' },
    { kind: 'paragraph', text: `Scale ${scale}.` },
    {
      kind: 'table',
      header: ['', 'mean score', '95% CI', 'method'],
      rows: [
        [
          `${rater} (every item)`,
          fixed(estimate.judgeMean),
          '',
          `mean of the ${rater}'s grades; ${estimate.nulls.judge} null, ${estimate.nulls.withoutResult} without a result, left out`,
        ],
        [
          'estimate of the mean',
          fixed(estimate.mean),
          fixedInterval(estimate.ci),
          `${estimate.method}, ${estimate.interval ?? 'no'} interval, target ${estimate.target} (${estimate.labeled} human grades${estimate.effectiveN === null ? '' : `, effective n ${fixed(estimate.effectiveN, 1)}`})`,
        ],
      ],
    },
  ];
  if (estimate.strata.length > 0) {
    blocks.push({
      kind: 'table',
      header: [`stratum (${rater}'s grade)`, 'items', 'human grades', 'human mean'],
      rows: estimate.strata.map((h) => [h.stratum, String(h.population), String(h.labeled), fixed(h.humanMean)]),
    });
  }
  if (estimate.notes.length > 0) blocks.push({ kind: 'list', items: estimate.notes });
  blocks.push({ kind: 'heading', level: 2, text: 'Agreement on grades' });
  blocks.push(...unitBlocks('item', graded.items, rater));
  if (graded.criteria !== null) blocks.push(...unitBlocks('criterion', graded.criteria, rater));
  return blocks;
}
