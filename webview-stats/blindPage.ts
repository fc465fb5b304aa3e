import { el } from '../webview-kit/dom';
import { type BlindStatsReport, type StatsView } from '../src/core/protocol/stats';
import { card } from './cards';
import { count, fixed, fixedInterval, percent } from './format';
import { INTER_ANNOTATOR_METHOD_NAMES } from './labels';

/**
 * The Statistics page while blind review is on: what needs no automatic verdict (review progress, the
 * annotators' agreement, flags), and a notice naming what is hidden. The host sends nothing else.
 */
export function blindPage(report: BlindStatsReport, view: StatsView): HTMLElement[] {
  const { review, interAnnotator: ia, sample } = report;
  const iaName = INTER_ANNOTATOR_METHOD_NAMES[ia.method];
  const kappa = ia.kappa === null ? 'n/a' : `${ia.method === 'krippendorff-alpha-nominal' ? 'α' : 'κ'} ${fixed(ia.kappa)}`;
  const labels = new Map(view.categories.map((c) => [c.id, c.label]));
  const flags = Object.entries(review.flaggedByCategory).filter((entry): entry is [string, number] => (entry[1] ?? 0) > 0);
  return [
    el('section', { class: 'card blind-hidden', role: 'note' }, [
      el('h2', { class: 'card-title' }, 'Blind review is on'),
      el(
        'p',
        { class: 'card-sub' },
        'Only what needs no automatic verdict is shown. Hidden until blind review is off (b in a review panel, or the setting):',
      ),
      el(
        'ul',
        { class: 'hidden-list' },
        report.hidden.map((h) => el('li', {}, h)),
      ),
    ]),
    el('div', { class: 'kpis' }, [
      card({
        key: 'review',
        title: 'Review',
        value: sample === null ? `${review.reviewed} reviewed` : `${sample.decided} / ${sample.drawn}`,
        details: [
          `${review.reviewed} of ${count(report.items, 'item')} reviewed · ${review.decided} with a final human verdict${sample === null ? '' : ` · sample seed ${sample.seed}`}`,
          `${count(review.conflicts.length, 'conflict')} · ${review.stale} stale · ${count(review.flagged, 'flagged item')}`,
        ],
        ...(review.conflicts.length > 0 ? { tone: 'warn' as const } : {}),
      }),
      card({
        key: 'inter-annotator',
        title: 'Annotator agreement',
        value: kappa,
        interval: fixedInterval(ia.kappaCI),
        details: [
          ia.method === 'none'
            ? `${count(ia.annotators.length, 'annotator')}: needs two on the same items`
            : `${iaName} · ${count(ia.annotators.length, 'annotator')} · ${count(ia.items, 'shared item')}`,
          ...ia.pairs.map((p) => `${p.a}–${p.b}: ${percent(p.percent)} agreement over ${count(p.items, 'item')}`),
        ],
        ...(ia.method === 'none' ? { tone: 'muted' as const } : {}),
      }),
    ]),
    el('section', { class: 'card blind-flags' }, [
      el('h2', { class: 'card-title' }, 'Cultural hallucinations flagged'),
      flags.length === 0
        ? el('p', { class: 'muted empty' }, 'No flags yet.')
        : el(
            'ul',
            {},
            flags.map(([id, n]) => el('li', {}, `${labels.get(id) ?? id}: ${count(n, 'item')}`)),
          ),
    ]),
  ];
}
