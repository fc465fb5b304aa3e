import type { AnnotatorViewMessage, ItemDetail } from '../src/core/protocol/review';
import { el, icon } from '../webview-kit/dom';
import { verdictBadge, verdictValue } from './badges';
import type { Category } from './flagChooser';
import { shortTime } from './format';
import { annotatorGrade } from './gradedAdjudication';
import type { GradedScale } from './gradedScale';

// What the adjudication area shows beside this annotator's own decision: the final verdict and every annotator's state.

/** What the annotators' list needs of the item's context. */
export interface AnnotatorsContext {
  readonly annotator: string;
  readonly categories: readonly Category[];
  /** False for items that take flags and notes only (Kalahi MC): no verdict buttons. */
  readonly decidable?: boolean;
  /** A graded run's scale: the grade bar replaces the verdict buttons. */
  readonly scale?: GradedScale;
}

/** The final verdict (or why there is none) and, on a conflict, what settles it. */
export function finalVerdictParts(detail: ItemDetail): HTMLElement[] {
  const parts: HTMLElement[] = [];
  if (detail.final === null) {
    parts.push(
      el('p', { class: 'final-none' }, detail.conflict ? 'None: the annotators disagree.' : 'None yet: the automatic verdict counts.'),
    );
  } else {
    const how =
      detail.final.source === 'adjudicator' ? `by adjudicator ${detail.final.by.join(', ')}` : `agreed by ${detail.final.by.join(', ')}`;
    parts.push(
      el('p', { class: 'final-verdict' }, [
        verdictBadge(verdictValue(detail.final.verdict), 'final'),
        el('span', { class: 'final-how' }, how),
      ]),
    );
  }
  if (detail.conflict) {
    parts.push(
      el('p', { class: 'conflict-note' }, [
        icon('warning'),
        el('span', {}, 'Conflict: annotators gave different verdicts. An adjudicator’s decision settles it.'),
      ]),
    );
  }
  return parts;
}

/** One list item per annotator (their verdict or grade, flag, note, role, and whether it is stale or blind). */
export function annotatorItems(annotators: readonly AnnotatorViewMessage[], context: AnnotatorsContext): HTMLElement[] {
  if (annotators.length === 0) return [el('li', { class: 'annotator-none' }, 'Nobody has reviewed this item yet.')];
  return annotators.map((a) => {
    const category = a.decision.hallucination;
    const categoryLabel = category === null ? null : (context.categories.find((c) => c.id === category)?.label ?? category);
    const verdict = a.decision.verdict === undefined ? 'skipped' : verdictValue(a.decision.verdict);
    const badge =
      context.scale === undefined
        ? verdictBadge(verdict, a.annotator, { showWho: false })
        : annotatorGrade(context.scale, a.decision, a.annotator);
    return el('li', { class: `annotator${a.stale ? ' is-stale' : ''}` }, [
      el('div', { class: 'annotator-head' }, [
        icon(a.role === 'adjudicator' ? 'law' : 'account'),
        el('span', { class: 'annotator-name' }, a.annotator),
        a.annotator === context.annotator ? el('span', { class: 'tag' }, 'you') : null,
        a.role === 'adjudicator' ? el('span', { class: 'tag' }, 'adjudicator') : null,
        context.decidable === false ? null : badge,
        a.stale
          ? el('span', { class: 'tag tag-stale', title: 'Made on an older result of this item: shown, never counted' }, [
              icon('history'),
              'stale',
            ])
          : null,
        a.blind ? el('span', { class: 'tag', title: 'Decided without seeing the automatic verdict' }, [icon('eye-closed'), 'blind']) : null,
        el('time', { class: 'annotator-time', datetime: a.time }, shortTime(a.time)),
      ]),
      categoryLabel === null ? null : el('div', { class: 'annotator-flag' }, [icon('flag'), el('span', {}, categoryLabel)]),
      a.decision.note === '' ? null : el('div', { class: 'annotator-note' }, a.decision.note),
    ]);
  });
}
