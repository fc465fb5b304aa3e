import { type VerdictScale } from '../../scale/verdictScale';

/**
 * Inspect's score values as numbers and as verdicts. valueToFloat is Inspect's default `value_to_float()`
 * (scorer/_metric.py): numbers and booleans as floats, "C" 1, "P" 0.5, "I" and "N" 0, "yes"/"true" 1,
 * "no"/"false" 0, numeric strings parsed, anything else 0.
 */
export function valueToFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === 'C') return 1;
  if (value === 'P') return 0.5;
  if (value === 'I' || value === 'N') return 0;
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    if (lower === 'yes' || lower === 'true') return 1;
    if (lower === 'no' || lower === 'false') return 0;
    const number = Number(value.trim());
    if (value.trim() !== '' && Number.isFinite(number)) return number;
  }
  return 0;
}

/** NaN is Inspect's "unscored" sentinel: such a sample counts under unscored_samples, not in the metrics. */
export function isUnscored(value: unknown): boolean {
  return typeof value === 'number' && Number.isNaN(value);
}

/**
 * The automatic verdict of a value: C true, I and N false (Inspect counts both 0), P null (Inspect counts
 * 0.5; the annotator decides), booleans as they are, 1 and 0 (and "yes"/"no") true and false; any other
 * number, NaN, a list or a dict null.
 */
export function verdictOfValue(value: unknown): boolean | null {
  if (value === 'P' || isUnscored(value)) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' || typeof value === 'string') {
    if (
      typeof value === 'string' &&
      !['C', 'I', 'N'].includes(value) &&
      !/^(yes|no|true|false)$/i.test(value) &&
      !Number.isFinite(Number(value.trim()))
    )
      return null;
    const number = valueToFloat(value);
    return number === 1 ? true : number === 0 ? false : null;
  }
  return null;
}

/**
 * A human grade in the value kind of the score it edits: on Inspect's C/P/I scale a letter (I 0, P 0.5, C 1;
 * an N edited to 0 becomes I), a numeric string a string, anything else the number (a 1-10 rating, 0.73).
 */
export function valueOfGrade(grade: number, original: unknown, scale: VerdictScale): unknown {
  const letters = scale.kind === 'ordinal' && scale.levels.map((l) => l.name).join('') === 'IPC';
  if (letters) return grade === 1 ? 'C' : grade === 0.5 ? 'P' : grade === 0 ? 'I' : grade;
  if (typeof original === 'string' && original.trim() !== '' && Number.isFinite(Number(original.trim()))) return String(grade);
  return grade;
}

/** A human verdict in the value kind of the score it edits: letters stay letters, numbers numbers. */
export function valueOfVerdict(verdict: boolean, original: unknown): unknown {
  if (typeof original === 'boolean') return verdict;
  if (typeof original === 'number') return verdict ? 1 : 0;
  if (typeof original === 'string') {
    if (['C', 'I', 'P', 'N'].includes(original)) return verdict ? 'C' : 'I';
    if (/^(yes|no)$/i.test(original))
      return verdict ? (original === original.toUpperCase() ? 'YES' : 'yes') : original === original.toUpperCase() ? 'NO' : 'no';
    if (/^(true|false)$/i.test(original)) return verdict ? 'true' : 'false';
    if (Number.isFinite(Number(original.trim()))) return verdict ? '1' : '0';
  }
  return verdict ? 'C' : 'I';
}
