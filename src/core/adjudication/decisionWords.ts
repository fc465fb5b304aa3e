import { type VerdictScale, parseGrade } from '../scale/verdictScale';
import { type AnnotatorState } from './event';

/** A decision as typed: a verdict on a binary run, a grade on a graded one; none of either: no decision. */
export type TypedDecision = Pick<AnnotatorState, 'verdict' | 'grade'>;

export type ParsedDecision = { readonly ok: true; readonly decision: TypedDecision } | { readonly ok: false; readonly message: string };

/**
 * A decision typed on the run's scale (a CLI option, a CSV cell): binary true, false or null; graded a
 * level's name or value, a number in range, or null (parseGrade). `none` or an empty text: no decision.
 */
export function parseDecision(scale: VerdictScale, text: string): ParsedDecision {
  const word = text.trim();
  if (word === '' || word === 'none') return { ok: true, decision: {} };
  if (scale.kind === 'binary') {
    if (word === 'true' || word === 'false' || word === 'null')
      return { ok: true, decision: { verdict: word === 'null' ? null : word === 'true' } };
    return { ok: false, message: `'${text}' is not a verdict of this run (true, false, null, or none for no decision)` };
  }
  const parsed = parseGrade(scale, word);
  if (!parsed.ok) return { ok: false, message: `${parsed.message.replace(/\)$/, '')}; none for no decision)` };
  return { ok: true, decision: { grade: parsed.grade } };
}

/**
 * Why a decision does not fit the item (undefined: it does). `criteria`: the item's criterion ids from its
 * current result line. A criterion must be one of them and takes no flag; an item with criteria is graded
 * through them, so its own event holds a flag and a note only.
 */
export function decisionMisfit(
  scale: VerdictScale,
  itemId: string,
  criteria: readonly string[],
  target: { readonly criterion: string | undefined; readonly decision: TypedDecision; readonly flagged: boolean },
): { readonly field: 'criterion' | 'verdict' | 'flag'; readonly message: string } | undefined {
  const { criterion, decision, flagged } = target;
  if (criterion !== undefined) {
    if (scale.kind === 'binary') return { field: 'criterion', message: "this run's verdicts are binary: its items have no criteria" };
    if (!criteria.includes(criterion))
      return {
        field: 'criterion',
        message: `item "${itemId}" has no criterion "${criterion}" (its criteria: ${criteria.length === 0 ? 'none' : criteria.join(', ')})`,
      };
    if (flagged) return { field: 'flag', message: "a flag belongs to the item, not to a criterion: give it on the item's own decision" };
    return undefined;
  }
  if (decision.grade !== undefined && criteria.length > 0) {
    return { field: 'verdict', message: `item "${itemId}" is graded by its criteria (${criteria.join(', ')}): decide a criterion` };
  }
  return undefined;
}
