import { type Grade, type GradedScale, type VerdictScale, isGraded, levelIndexOf } from '../src/core/scale/verdictScale';

export type { Grade, GradedScale } from '../src/core/scale/verdictScale';

/** The keys that choose a level, in the scale's order: 1 for the lowest level, … 9, then 0 for a tenth. */
export const LEVEL_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

/** The graded scale of a run, or undefined for a binary one. */
export function gradedScaleOf(scale: VerdictScale | undefined): GradedScale | undefined {
  return scale !== undefined && isGraded(scale) ? scale : undefined;
}

/** The level a number key chooses (its index in the scale), or undefined when the scale has no such level. */
export function levelOfKey(scale: GradedScale, key: string): number | undefined {
  if (scale.kind !== 'ordinal') return undefined;
  const index = (LEVEL_KEYS as readonly string[]).indexOf(key);
  return index >= 0 && index < scale.levels.length ? index : undefined;
}

/** The key of the level at `index`, when it has one (the first ten levels). */
export function keyOfLevel(index: number): string | undefined {
  return LEVEL_KEYS[index];
}

/** A number as the page shows it: at most three decimals, no trailing zeros. */
export function shortNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * A grade as people read it: a level's name (or label) with its value ("CLASS_MAJORLY_MET 0.75"), a number,
 * an aggregate that is no level ("0.417"), or "null".
 */
export function gradeWords(scale: GradedScale, grade: Grade): string {
  if (grade === null) return 'null';
  if (scale.kind === 'ordinal') {
    const level = scale.levels[levelIndexOf(scale, grade) ?? -1];
    if (level !== undefined) return `${level.label ?? level.name} ${shortNumber(level.value)}`;
  }
  return shortNumber(grade);
}

/** A level's or a number's short name for badges: the level's name alone, or the number. */
export function gradeName(scale: GradedScale, grade: Grade): string {
  if (grade === null) return 'null';
  if (scale.kind === 'ordinal') {
    const level = scale.levels[levelIndexOf(scale, grade) ?? -1];
    if (level !== undefined) return level.label ?? level.name;
  }
  return shortNumber(grade);
}

/**
 * Whether a judge's and a human grade are at least one level apart: different levels (ordinal), different
 * numbers (numeric), or one of them null and the other not. Undefined (no human grade) never differs.
 */
export function gradesDiffer(judge: Grade | undefined, human: Grade | undefined): boolean {
  if (judge === undefined || human === undefined) return false;
  return judge !== human;
}
