import { type Grade, type OrdinalScale, type VerdictScale, isOnScale } from '../../scale/verdictScale';
import { isGradedNumber, scaleOfGradedValues } from '../foreignScale';
import { isUnscored, valueToFloat } from './inspectValues';

/**
 * CORRECT, PARTIAL and INCORRECT (scorer/_metric.py) as an ordinal scale, each at the value value_to_float
 * gives it: I 0, P 0.5, C 1. NOANSWER ("N") is graded 0 as value_to_float counts it, and shown as the log has it.
 */
export const INSPECT_PARTIAL_SCALE: OrdinalScale = {
  kind: 'ordinal',
  levels: [
    { name: 'I', value: 0, label: 'incorrect' },
    { name: 'P', value: 0.5, label: 'partial' },
    { name: 'C', value: 1, label: 'correct' },
  ],
};

const LETTERS = ['C', 'P', 'I', 'N'];

/** A number the value holds for value_to_float: a number, a boolean, or a numeric string; else undefined. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value.trim()))) return Number(value.trim());
  return undefined;
}

/**
 * The scale of a score from its values in the log: a number other than 0 and 1 makes it a number scale
 * (whole ratings within 1..10 a rating scale, MT-Bench's); else a P makes it C/P/I; else binary (undefined),
 * read as before scales existed.
 */
export function inspectScaleOf(values: readonly unknown[]): VerdictScale | undefined {
  const numbers = values.map(numberOf).filter((n): n is number => n !== undefined);
  if (numbers.some(isGradedNumber)) return scaleOfGradedValues(numbers, { ratings: true });
  if (values.includes('P')) return INSPECT_PARTIAL_SCALE;
  return undefined;
}

/**
 * A value's grade on a graded scale: C/P/I/N, booleans and numbers at value_to_float's value when the scale
 * takes it; NaN (unscored), text, lists and dicts null (`readable` false but for NaN: Inspect counts them 0).
 */
export function inspectGradeOf(value: unknown, scale: VerdictScale): { grade: Grade; readable: boolean } {
  if (isUnscored(value)) return { grade: null, readable: true };
  const number = typeof value === 'string' && LETTERS.includes(value) ? valueToFloat(value) : numberOf(value);
  if (number === undefined || scale.kind === 'binary' || !isOnScale(scale, number)) return { grade: null, readable: false };
  return { grade: number, readable: true };
}
