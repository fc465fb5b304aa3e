import { type AgreementStatsView, type StatsReport, type StatsView } from '../src/core/protocol/stats';
import { type BarDatum, type ChartSpec } from './charts/chartSpec';
import { count, fixed, fixedInterval, percent, percentInterval } from './format';
import { ESTIMATE_METHOD_NAMES, ESTIMATE_TARGET_NAMES, INTER_ANNOTATOR_METHOD_NAMES, automaticName, facetTitle } from './labels';
import { type Tone } from './charts/theme';

const withInterval = (value: string, interval: string): string => (interval === '' ? value : `${value} ${interval}`);

function kappaText(a: {
  readonly kappa: number | null;
  readonly kappaCI: readonly [number, number] | null;
  readonly items: number;
}): string {
  if (a.items === 0) return 'no items';
  if (a.kappa === null) return `n/a · n ${a.items}`;
  return withInterval(`κ ${fixed(a.kappa)}`, fixedInterval(a.kappaCI));
}

/** Automatic, adjudicated and estimated accuracy with their 95% intervals. */
export function accuracySpec(report: StatsReport, view: StatsView): ChartSpec {
  const { automatic, adjudicated } = report;
  const estimate = adjudicated.estimate;
  const auto = automaticName(view);
  const bars: BarDatum[] = [
    {
      label: `Automatic (${auto})`,
      value: automatic.accuracy,
      interval: automatic.ci,
      text: withInterval(percent(automatic.accuracy), percentInterval(automatic.ci)),
      tone: 'blue',
    },
    {
      label: 'Adjudicated',
      value: adjudicated.accuracy,
      interval: null,
      text: `${percent(adjudicated.accuracy)} (${count(adjudicated.items, 'human verdict')})`,
      tone: 'purple',
    },
    {
      label: 'Estimated true accuracy',
      value: estimate.accuracy,
      interval: estimate.ci,
      text: estimate.accuracy === null ? 'not estimable yet' : withInterval(percent(estimate.accuracy), percentInterval(estimate.ci)),
      tone: 'green',
    },
  ];
  const method = `${ESTIMATE_METHOD_NAMES[estimate.method]} (${ESTIMATE_TARGET_NAMES[estimate.target]})`;
  return {
    id: 'accuracy',
    title: 'Accuracy with 95% intervals',
    valueLabel: 'accuracy',
    format: 'percent',
    min: 0,
    max: 1,
    bars,
    summary: `Accuracy with 95% intervals. Automatic (${auto}): ${bars[0]?.text ?? ''}, Wilson interval. Adjudicated: ${bars[1]?.text ?? ''}. Estimated true accuracy: ${bars[2]?.text ?? ''}, ${method}.`,
    table: {
      header: ['score', 'accuracy', '95% interval', 'method'],
      rows: [
        [`Automatic (${auto})`, percent(automatic.accuracy, 2), percentInterval(automatic.ci), `true / items, Wilson interval`],
        ['Adjudicated', percent(adjudicated.accuracy, 2), '', `human verdict where given (${adjudicated.items} items), else automatic`],
        [
          'Estimated true accuracy',
          percent(estimate.accuracy, 2),
          percentInterval(estimate.ci),
          `${method}, ${count(estimate.labeled, 'human verdict')}${estimate.effectiveN === null ? '' : `, effective n ${fixed(estimate.effectiveN, 1)}`}`,
        ],
      ],
    },
  };
}

interface KappaRow {
  readonly label: string;
  readonly stats: AgreementStatsView;
  readonly tone: Tone;
}

/** Cohen's kappa of the judge against the humans, beside the humans' agreement with each other (its ceiling). */
export function agreementSpec(report: StatsReport, view: StatsView): ChartSpec {
  const { agreement } = report;
  const auto = automaticName(view);
  const rows: KappaRow[] = [
    { label: `${auto} vs human (final)`, stats: agreement.judgeHuman, tone: 'blue' },
    ...agreement.judgePerAnnotator.map((a): KappaRow => ({ label: `${auto} vs ${a.annotator}`, stats: a, tone: 'blue' })),
    ...agreement.interAnnotator.pairs.map((p): KappaRow => ({ label: `${p.a} vs ${p.b}`, stats: p, tone: 'purple' })),
  ];
  if (agreement.sourceJudge !== null) rows.push({ label: `${auto} vs source judge`, stats: agreement.sourceJudge.judges, tone: 'orange' });
  const bars: BarDatum[] = rows.map((r) => ({
    label: r.label,
    value: r.stats.items === 0 ? null : r.stats.kappa,
    interval: r.stats.kappaCI,
    text: kappaText(r.stats),
    tone: r.tone,
  }));
  const inter = agreement.interAnnotator;
  if (inter.method === 'fleiss-kappa' || inter.method === 'krippendorff-alpha-nominal') {
    bars.push({
      label: `all annotators (${INTER_ANNOTATOR_METHOD_NAMES[inter.method]})`,
      value: inter.kappa,
      interval: null,
      text: inter.kappa === null ? 'n/a' : fixed(inter.kappa),
      tone: 'purple',
    });
  }
  const lowest = Math.min(0, ...bars.flatMap((b) => [b.value ?? 0, b.interval?.[0] ?? 0]));
  return {
    id: 'agreement',
    title: 'Agreement (Cohen’s kappa, 95% intervals)',
    valueLabel: 'kappa',
    format: 'kappa',
    min: Math.floor(lowest * 5) / 5,
    max: 1,
    bars,
    summary: `Cohen’s kappa with 95% intervals: ${bars.map((b) => `${b.label} ${b.text}`).join('; ')}. Agreement between annotators is the ceiling for the ${auto}’s.`,
    table: {
      header: ['raters', 'items', 'agreement', 'kappa', '95% interval'],
      rows: rows.map((r) => [
        r.label,
        String(r.stats.items),
        percent(r.stats.percent),
        fixed(r.stats.kappa),
        fixedInterval(r.stats.kappaCI),
      ]),
    },
  };
}

/** Judge–human agreement for each value of a facet (question type, region; Kalahi category, topic). */
export function facetSpec(facet: string, values: readonly (AgreementStatsView & { readonly value: string })[], view: StatsView): ChartSpec {
  const shown = values.filter((v) => v.items > 0);
  const title = `Agreement by ${facetTitle(view, facet)}`;
  const bars: BarDatum[] = shown.map((v) => ({
    label: v.value,
    value: v.percent,
    interval: null,
    text: `${percent(v.percent)} · κ ${fixed(v.kappa, 2)} · n ${v.items}`,
    tone: 'blue',
  }));
  return {
    id: `facet-${facet}`,
    title,
    valueLabel: 'percent agreement',
    format: 'percent',
    min: 0,
    max: 1,
    bars,
    summary: `${title}, percent agreement with the human verdict: ${bars.map((b) => `${b.label} ${b.text}`).join('; ') || 'no human verdicts yet'}.`,
    table: {
      header: [facetTitle(view, facet), 'items', 'agreement', 'kappa', '95% interval'],
      rows: shown.map((v) => [v.value, String(v.items), percent(v.percent), fixed(v.kappa), fixedInterval(v.kappaCI)]),
    },
  };
}

/** Items flagged with each of the benchmark's hallucination categories (in its flag menu's order, any other after). */
export function flagsSpec(report: StatsReport, view: StatsView): ChartSpec {
  const counts = report.adjudicated.flaggedByCategory;
  const known = new Set(view.categories.map((c) => c.id));
  const categories = [
    ...view.categories,
    ...Object.keys(counts)
      .filter((id) => !known.has(id))
      .sort()
      .map((id) => ({ id, label: id })),
  ];
  const bars: BarDatum[] = categories.map((c) => {
    const n = counts[c.id] ?? 0;
    return { label: c.label, value: n, interval: null, text: String(n), tone: 'orange' };
  });
  const most = Math.max(1, ...bars.map((b) => b.value ?? 0));
  const flagged = bars.filter((b) => (b.value ?? 0) > 0);
  return {
    id: 'flags',
    title: 'Hallucination flags by category',
    valueLabel: 'flags',
    format: 'count',
    min: 0,
    max: most <= 5 ? 5 : Math.ceil(most * 1.1),
    bars,
    summary: `Hallucination flags by category: ${count(report.adjudicated.flagged, 'flagged item')}${flagged.length > 0 ? `; ${flagged.map((b) => `${b.label} ${b.text}`).join(', ')}` : ''}.`,
    table: { header: ['category', 'flags'], rows: categories.map((c) => [c.label, String(counts[c.id] ?? 0)]) },
  };
}

/** Kalahi open-ended: each similarity metric's acc against the final human verdict. */
export function metricsSpec(report: StatsReport): ChartSpec {
  const metrics = report.metricsVersusHuman;
  const bars: BarDatum[] = metrics.map((m) => ({
    label: m.metric,
    value: m.items === 0 ? null : m.percent,
    interval: null,
    text: m.items === 0 ? 'no items' : `${percent(m.percent)} · κ ${fixed(m.kappa, 2)} · n ${m.items}`,
    tone: 'green',
  }));
  return {
    id: 'metrics',
    title: 'Metric acc versus the human verdict',
    valueLabel: 'percent agreement',
    format: 'percent',
    min: 0,
    max: 1,
    bars,
    summary: `Each metric’s acc against the final human verdict, percent agreement: ${bars.map((b) => `${b.label} ${b.text}`).join('; ')}.`,
    table: {
      header: ['metric', 'items', 'agreement', 'kappa', '95% interval'],
      rows: metrics.map((m) => [m.metric, String(m.items), percent(m.percent), fixed(m.kappa), fixedInterval(m.kappaCI)]),
    },
  };
}
