import type { ReferencesDetail } from '../src/core/protocol/detailKinds';
import { el, icon, srOnly } from '../webview-kit/dom';
import { markRanges } from './highlight';
import { type Measure, scoreBar } from './referenceScores';
import { overlapRanges } from './wordOverlap';

export type ReferenceKind = 'relevant' | 'irrelevant';

/** A reference's key: 'relevant:0', 'irrelevant:2'. */
export function referenceKey(kind: ReferenceKind, index: number): string {
  return `${kind}:${index}`;
}

/** Every reference key of an item, relevant first (the order o cycles through). */
export function referenceKeys(detail: ReferencesDetail): string[] {
  return [
    ...detail.references.relevant.map((_, i) => referenceKey('relevant', i)),
    ...detail.references.irrelevant.map((_, i) => referenceKey('irrelevant', i)),
  ];
}

export function referenceText(detail: ReferencesDetail, key: string): string | undefined {
  const [kind, index] = key.split(':');
  const list = kind === 'relevant' ? detail.references.relevant : kind === 'irrelevant' ? detail.references.irrelevant : [];
  return list[Number(index)];
}

export function referenceName(key: string): string {
  const [kind, index] = key.split(':');
  return `${kind === 'relevant' ? 'relevant' : 'irrelevant'} #${Number(index) + 1}`;
}

/** Indexes holding the maximum of a list (ties all count). */
function maxIndexes(values: readonly number[]): Set<number> {
  if (values.length === 0) return new Set();
  const top = Math.max(...values);
  return new Set(values.flatMap((v, i) => (v === top ? [i] : [])));
}

export interface ReferenceListOptions {
  readonly detail: ReferencesDetail;
  /** The scores shown beside each reference; undefined when blind review hides them (or there are none). */
  readonly measure: Measure | undefined;
  /** The reference the answer is compared with, and the answer. */
  readonly compare: string | null;
  readonly answer: string | null;
  /** BCP 47 language of the references. */
  readonly lang: string;
  readonly onCompare: (key: string) => void;
}

/** The relevant and the irrelevant references, each with its score under the chosen measure, maxima and the best answer marked. */
export function referenceLists(options: ReferenceListOptions): HTMLElement[] {
  return (['relevant', 'irrelevant'] as const).map((kind) => referenceList(kind, options));
}

function referenceList(kind: ReferenceKind, options: ReferenceListOptions): HTMLElement {
  const { detail, measure } = options;
  const texts = kind === 'relevant' ? detail.references.relevant : detail.references.irrelevant;
  const scores = measure === undefined ? undefined : kind === 'relevant' ? measure.relevant : measure.irrelevant;
  const maxima = scores === undefined ? new Set<number>() : maxIndexes(scores);
  const headingId = `refs-${kind}-title`;
  return el('section', { class: `ref-list ref-list-${kind}`, 'aria-labelledby': headingId }, [
    el('h3', { class: 'subheading ref-heading', id: headingId }, [
      icon(kind === 'relevant' ? 'pass' : 'circle-slash', `ref-heading-icon ref-heading-${kind}`),
      kind === 'relevant' ? 'Relevant references' : 'Irrelevant references',
      el('span', { class: 'ref-count' }, String(texts.length)),
    ]),
    el(
      'ol',
      { class: `refs-scored${measure === undefined ? ' no-scores' : ''}` },
      texts.map((text, i) => {
        const key = referenceKey(kind, i);
        const best = kind === 'relevant' && i === detail.references.bestIndex;
        const isMax = maxima.has(i);
        const compared = options.compare === key;
        const label = `${kind === 'relevant' ? 'R' : 'I'}${i + 1}`;
        const textEl = el('div', { class: 'ref-text searchable', lang: options.lang }, text);
        if (compared && options.answer !== null && options.answer !== '') {
          const answer = options.answer;
          markRanges(textEl, (t) => overlapRanges(t, answer), 'overlap');
        }
        const compare =
          options.answer === null
            ? null
            : el(
                'button',
                {
                  type: 'button',
                  class: 'compare-button',
                  'aria-pressed': compared ? 'true' : 'false',
                  title: compared
                    ? 'The answer’s shared words are marked (o: next reference)'
                    : 'Mark the words this reference shares with the answer (o)',
                  'data-focus-key': `compare:${key}`,
                },
                [
                  icon('diff'),
                  el('span', { class: 'compare-text' }, compared ? 'Compared' : 'Compare'),
                  srOnly(` with ${kind} reference ${i + 1}`),
                ],
              );
        compare?.addEventListener('click', () => options.onCompare(key));
        const score = scores?.[i];
        return el(
          'li',
          { class: `ref ref-${kind}${best ? ' is-best' : ''}${isMax ? ' is-max' : ''}${compared ? ' is-compared' : ''}`, 'data-ref': key },
          [
            el('span', { class: 'ref-label', 'aria-hidden': 'true' }, label),
            el('div', { class: 'ref-body' }, [
              srOnly(`${kind === 'relevant' ? 'Relevant' : 'Irrelevant'} reference ${i + 1}: `),
              textEl,
              best || isMax
                ? el('div', { class: 'ref-tags' }, [
                    best ? el('span', { class: 'tag tag-best' }, [icon('star-full'), 'best answer']) : null,
                    isMax && measure !== undefined
                      ? el(
                          'span',
                          { class: `tag tag-max tag-max-${kind}`, title: `The highest ${measure.label} among the ${kind} references` },
                          [icon('arrow-up'), `max ${kind === 'relevant' ? 'relevant' : 'irrelevant'}`],
                        )
                      : null,
                  ])
                : null,
            ]),
            measure === undefined
              ? null
              : score === undefined
                ? el('span', { class: 'score-cell is-empty' })
                : scoreBar(score, measure, kind, `${measure.label} of ${label}`),
            compare,
          ],
        );
      }),
    ),
  ]);
}
