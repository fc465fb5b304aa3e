import type { ReferenceMetricView, ReferencesDetail } from '../src/core/protocol/detailKinds';
import { verdictBadge } from './badges';
import { el, icon, srOnly } from '../webview-kit/dom';

/** What a reference list can show beside each reference: one metric's similarity, or MC's normalized log-prob. */
export interface Measure {
  readonly id: string;
  readonly label: string;
  readonly relevant: readonly number[];
  readonly irrelevant: readonly number[];
  /** The bars' scale: metrics run 0..1, log-probs from the item's lowest to its highest. */
  readonly min: number;
  readonly max: number;
  readonly format: (x: number) => string;
}

const METRIC_LABELS: Readonly<Record<string, string>> = {
  chrf: 'chrF',
  'chrf++': 'chrF++',
  bleu: 'BLEU',
  'rouge-1': 'ROUGE-1',
  'rouge-2': 'ROUGE-2',
  'rouge-l': 'ROUGE-L',
  'rouge-lsum': 'ROUGE-Lsum',
  meteor: 'METEOR',
  bertscore: 'BERTScore',
  bleurt: 'BLEURT',
  mc: 'MC log-prob',
};

export function metricLabel(name: string): string {
  return METRIC_LABELS[name] ?? name;
}

export const score3 = (x: number): string => x.toFixed(3);
export const signed3 = (x: number): string => (x > 0 ? `+${x.toFixed(3)}` : x < 0 ? `−${Math.abs(x).toFixed(3)}` : '±0.000');

/** Every measure of an item, metrics in the run's order, then MC. */
export function measuresOf(detail: ReferencesDetail): Measure[] {
  const measures: Measure[] = (detail.open?.metrics ?? []).map((m) => ({
    id: m.name,
    label: metricLabel(m.name),
    relevant: m.relevant,
    irrelevant: m.irrelevant,
    ...metricScale([...m.relevant, ...m.irrelevant]),
    format: score3,
  }));
  const mc = detail.mc;
  if (mc !== null) {
    const relevant = mc.relevant.map((s) => s.score);
    const irrelevant = mc.irrelevant.map((s) => s.score);
    const all = [...relevant, ...irrelevant];
    const low = Math.min(...all);
    const high = Math.max(...all);
    // A little room below the lowest so that its bar still shows.
    const pad = high > low ? (high - low) * 0.15 : 1;
    measures.push({ id: 'mc', label: metricLabel('mc'), relevant, irrelevant, min: low - pad, max: high, format: score3 });
  }
  return measures;
}

/** 0..1 for a metric that stays in it; BLEURT (and a rescaled BERTScore) leave it: the item's own range then, with room below. */
function metricScale(values: readonly number[]): { min: number; max: number } {
  if (values.every((v) => v >= 0 && v <= 1)) return { min: 0, max: 1 };
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  return { min: low - (high - low) * 0.15, max: high };
}

/** A horizontal bar (its width set from script: no inline style in markup) and the value as text. */
export function scoreBar(value: number, measure: Measure, tone: 'relevant' | 'irrelevant', label: string): HTMLElement {
  const span = measure.max - measure.min;
  const fraction = span <= 0 ? 1 : Math.max(0, Math.min(1, (value - measure.min) / span));
  const fill = el('span', { class: `bar-fill bar-${tone}` });
  fill.style.width = `${(fraction * 100).toFixed(1)}%`;
  return el('span', { class: 'score-cell' }, [
    el('span', { class: 'bar-track', role: 'img', 'aria-label': `${label}: ${measure.format(value)}` }, [fill]),
    el('span', { class: 'score-value', 'aria-hidden': 'true' }, measure.format(value)),
  ]);
}

/** Every metric's max relevant, max irrelevant, diff and acc; the primary one (the automatic verdict) marked. */
export function metricTable(
  metrics: readonly ReferenceMetricView[],
  primary: string,
  selected: string,
  onSelect: (name: string) => void,
): HTMLElement {
  const rows = metrics.map((m) => {
    const row = el(
      'tr',
      { class: `metric-row${m.name === primary ? ' is-primary' : ''}${m.name === selected ? ' is-selected' : ''}`, 'data-metric': m.name },
      [
        el('th', { scope: 'row' }, [
          el(
            'button',
            {
              type: 'button',
              class: 'metric-name',
              'aria-pressed': m.name === selected ? 'true' : 'false',
              title: `Show ${metricLabel(m.name)} beside the references (m)`,
              'data-focus-key': `metric-row:${m.name}`,
            },
            metricLabel(m.name),
          ),
          m.name === primary ? el('span', { class: 'tag tag-primary', title: 'Its acc is the automatic verdict' }, 'primary') : null,
        ]),
        el('td', { class: 'num' }, score3(m.maxRelevant)),
        el('td', { class: 'num' }, score3(m.maxIrrelevant)),
        el('td', { class: `num diff ${m.diff > 0 ? 'is-positive' : m.diff < 0 ? 'is-negative' : ''}` }, signed3(m.diff)),
        el('td', { class: 'acc' }, [verdictBadge(m.acc ? 'true' : 'false', `${metricLabel(m.name)} acc`, { showWho: false })]),
      ],
    );
    row.querySelector('button')?.addEventListener('click', () => onSelect(m.name));
    return row;
  });
  return el('table', { class: 'metric-table' }, [
    el('caption', { class: 'sr-only' }, 'Scores of the answer per metric'),
    el('thead', {}, [
      el('tr', {}, [
        el('th', { scope: 'col' }, 'Metric'),
        el('th', { scope: 'col', class: 'num' }, 'max rel.'),
        el('th', { scope: 'col', class: 'num' }, 'max irr.'),
        el('th', { scope: 'col', class: 'num' }, 'diff'),
        el('th', { scope: 'col' }, 'acc'),
      ]),
    ]),
    el('tbody', {}, rows),
  ]);
}

/** MC1 (did the best answer beat every irrelevant one) and MC2 (probability mass on the relevant answers). */
export function mcSummary(mc: NonNullable<ReferencesDetail['mc']>): HTMLElement {
  const mass = el('span', { class: 'bar-fill bar-relevant' });
  mass.style.width = `${(Math.max(0, Math.min(1, mc.mc2)) * 100).toFixed(1)}%`;
  return el('div', { class: 'mc-summary' }, [
    el('div', { class: 'mc-stat' }, [
      el('span', { class: 'mc-caption' }, 'MC1'),
      el('span', { class: `mc-outcome ${mc.mc1 === 1 ? 'is-pass' : 'is-fail'}` }, [icon(mc.mc1 === 1 ? 'check' : 'close'), `${mc.mc1}`]),
      el(
        'span',
        { class: 'mc-explain' },
        mc.mc1 === 1 ? 'the best answer scores above every irrelevant one' : 'an irrelevant answer scores at least as high as the best one',
      ),
    ]),
    el('div', { class: 'mc-stat' }, [
      el('span', { class: 'mc-caption' }, 'MC2'),
      el('span', { class: 'mc-value' }, mc.mc2.toFixed(3)),
      el(
        'span',
        { class: 'bar-track mc-mass', role: 'img', 'aria-label': `probability mass on relevant answers: ${(100 * mc.mc2).toFixed(1)}%` },
        [mass],
      ),
      el('span', { class: 'mc-explain' }, [`mass on relevant answers`, mc.mc2Mode === 'paper' ? '' : ` (${mc.mc2Mode})`]),
    ]),
    el('p', { class: 'mc-note' }, [srOnly('Note: '), `Score: sum of the reference's token log-probs ÷ its UTF-8 bytes (${mc.backend}).`]),
  ]);
}
