import type { Decision, ItemDetail } from '../src/core/protocol/review';
import { el, icon } from '../webview-kit/dom';
import { type GradedScale, gradeWords, shortNumber } from './gradedScale';
import type { ShownGrade } from './gradeBar';

/** The grade a decision holds, as the grade bar marks it. */
export function shownGradeOf(decision: Decision | null): ShownGrade {
  if (decision === null) return 'none';
  return decision.grade === undefined ? 'skipped' : decision.grade;
}

/** This annotator's grade in words: "grade CLASS_MAJORLY_MET 0.75", "no decision (skipped)", "not reviewed yet". */
export function describeGrade(scale: GradedScale, decision: Decision | null, what = ''): string {
  const prefix = what === '' ? '' : `${what}: `;
  if (decision === null) return `${prefix}not decided yet`;
  return decision.grade === undefined ? `${prefix}no decision (skipped)` : `${prefix}grade ${gradeWords(scale, decision.grade)}`;
}

/** What a screen reader hears after a grade is chosen. */
export function announceGrade(scale: GradedScale, decision: Decision, what: string): string {
  const on = what === '' ? '' : ` on ${what}`;
  return decision.grade === undefined ? `No decision recorded${on}` : `Grade ${gradeWords(scale, decision.grade)}${on}`;
}

/** A graded item's final human grade and how it came about (criteria: their aggregate). */
export function finalGradeParts(scale: GradedScale, detail: ItemDetail): HTMLElement[] {
  const final = detail.grade?.final ?? null;
  if (final === null) {
    const none = detail.conflict
      ? 'None: the annotators disagree.'
      : detail.criteria !== undefined
        ? 'None yet: no criterion decided; the judge’s grades count.'
        : 'None yet: the judge’s grade counts.';
    return [el('p', { class: 'final-none' }, none)];
  }
  const how =
    final.source === 'adjudicator'
      ? `by adjudicator ${final.by.join(', ')}`
      : final.source === 'agreement'
        ? `agreed by ${final.by.join(', ')}`
        : `mean of the criteria (decided by ${final.by.join(', ')}; the judge’s elsewhere)`;
  const parts = [
    el('p', { class: 'final-verdict final-grade' }, [
      el(
        'span',
        { class: 'grade-badge is-human' },
        final.source === 'criteria' && final.grade !== null ? shortNumber(final.grade) : gradeWords(scale, final.grade),
      ),
      el('span', { class: 'final-how' }, how),
    ]),
  ];
  if (detail.conflict)
    parts.push(
      el('p', { class: 'conflict-note' }, [
        icon('warning'),
        el('span', {}, 'Conflict: annotators gave different grades. An adjudicator’s decision settles it.'),
      ]),
    );
  return parts;
}

/** An annotator's grade as the list of annotators shows it. */
export function annotatorGrade(scale: GradedScale, decision: Decision, who: string): HTMLElement {
  const text = decision.grade === undefined ? 'no decision' : gradeWords(scale, decision.grade);
  return el('span', { class: 'grade-badge', title: `${who}: ${text}` }, text);
}
