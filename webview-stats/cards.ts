import { el, uniqueId } from '../webview-kit/dom';
import { type StatsReport, type StatsView } from '../src/core/protocol/stats';
import { count, fixed, fixedInterval, percent, percentInterval } from './format';
import { ESTIMATE_METHOD_NAMES, ESTIMATE_TARGET_NAMES, INTER_ANNOTATOR_METHOD_NAMES, automaticName } from './labels';

export interface Card {
  readonly key: string;
  readonly title: string;
  readonly value: string;
  readonly interval?: string;
  readonly details: readonly string[];
  readonly tone?: 'good' | 'warn' | 'muted';
}

export function card(c: Card): HTMLElement {
  const id = uniqueId('kpi');
  return el('section', { class: `kpi kpi-${c.key}${c.tone === undefined ? '' : ` is-${c.tone}`}`, 'aria-labelledby': id }, [
    el('h2', { class: 'kpi-title', id }, c.title),
    el('p', { class: 'kpi-value' }, c.value),
    c.interval !== undefined && c.interval !== '' ? el('p', { class: 'kpi-interval' }, `95% CI ${c.interval}`) : null,
    ...c.details.map((d) => el('p', { class: 'kpi-detail' }, d)),
  ]);
}

const kappaValue = (kappa: number | null, prefix = 'κ'): string => (kappa === null ? 'n/a' : `${prefix} ${fixed(kappa)}`);

/** The headline figures: agreement beside its ceiling, the accuracy estimate, the automatic score, stability, review. */
export function summaryCards(report: StatsReport, view: StatsView): HTMLElement {
  const { agreement, adjudicated, automatic } = report;
  const jh = agreement.judgeHuman;
  const ia = agreement.interAnnotator;
  const estimate = adjudicated.estimate;
  const auto = automaticName(view);
  const iaName = INTER_ANNOTATOR_METHOD_NAMES[ia.method];
  const cards: Card[] = [
    {
      key: 'judge-human',
      title: `${auto === 'judge' ? 'Judge' : 'Metric'}–human agreement`,
      value: kappaValue(jh.kappa),
      interval: fixedInterval(jh.kappaCI),
      details: [
        jh.items === 0 ? 'no item has a final human verdict yet' : `${percent(jh.percent)} agreement over ${count(jh.items, 'item')}`,
        `Cohen’s kappa, 95% interval${jh.excluded > 0 ? ` · ${jh.excluded} left out (automatic error)` : ''}`,
      ],
    },
    {
      key: 'inter-annotator',
      title: 'Annotator agreement (ceiling)',
      value: ia.method === 'krippendorff-alpha-nominal' ? kappaValue(ia.kappa, 'α') : kappaValue(ia.kappa),
      interval: fixedInterval(ia.kappaCI),
      details: [
        ia.method === 'none'
          ? `${count(ia.annotators.length, 'annotator')}: needs two on the same items`
          : `${iaName} · ${count(ia.annotators.length, 'annotator')} · ${count(ia.items, 'shared item')}`,
        ia.kappa !== null && jh.kappa !== null
          ? `the ${auto} reaches ${fixed(jh.kappa)} of this ${fixed(ia.kappa)}`
          : 'the ceiling for the automatic rater',
      ],
      ...(ia.method === 'none' ? { tone: 'muted' as const } : {}),
    },
    {
      key: 'estimate',
      title: 'Estimated accuracy',
      value: percent(estimate.accuracy),
      interval: percentInterval(estimate.ci),
      details: [
        `${ESTIMATE_TARGET_NAMES[estimate.target]} · ${ESTIMATE_METHOD_NAMES[estimate.method]} · ${count(estimate.labeled, 'human verdict')}${estimate.effectiveN === null ? '' : ` · effective n ${fixed(estimate.effectiveN, 0)}`}`,
        estimate.accuracy === null
          ? (estimate.notes[estimate.notes.length - 1] ?? 'needs human verdicts')
          : `adjudicated ${percent(adjudicated.accuracy)} (human where given, else automatic)`,
      ],
      ...(estimate.accuracy === null ? { tone: 'muted' as const } : {}),
    },
    {
      key: 'automatic',
      title: 'Automatic accuracy',
      value: percent(automatic.accuracy),
      interval: percentInterval(automatic.ci),
      details: [
        `true ${automatic.counts.true} of ${report.items} by the ${auto} · Wilson interval`,
        `false ${automatic.counts.false} · null ${automatic.counts.null} · error ${automatic.counts.error} · missing ${automatic.counts.missing}`,
      ],
    },
  ];
  const stability = report.stability;
  const words = view.stability;
  // A benchmark whose verdicts are not re-asked (a metric's) has no stability card at all.
  if (words !== null || stability !== null) {
    const title = words?.title ?? 'Stability';
    cards.push(
      stability === null
        ? { key: 'stability', title, value: 'not measured', details: [words?.howToMeasure ?? ''], tone: 'muted' }
        : {
            key: 'stability',
            title,
            value: `${stability.flipped} of ${stability.items} flipped`,
            details: [`${percent(stability.flipRate)} of re-asked items · k = ${stability.k} re-asks`],
            ...(stability.flipped > 0 ? { tone: 'warn' as const } : { tone: 'good' as const }),
          },
    );
  }
  const sample = report.sample;
  cards.push({
    key: 'review',
    title: 'Review',
    value: sample === null ? `${adjudicated.reviewed} reviewed` : `${sample.decided} / ${sample.drawn}`,
    details: [
      sample === null
        ? `${adjudicated.items} with a final human verdict; no sample drawn`
        : `sampled items with a final human verdict (seed ${sample.seed})`,
      `${count(adjudicated.conflicts, 'conflict')} · ${adjudicated.stale} stale · ${count(adjudicated.flagged, 'flagged item')}`,
    ],
    ...(adjudicated.conflicts > 0 ? { tone: 'warn' as const } : {}),
  });
  return el('div', { class: 'kpis' }, cards.map(card));
}
