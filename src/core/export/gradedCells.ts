import { type AnnotatorView, type FinalGrade } from '../adjudication/annotatorViews';
import { type Grade, type GradedScale, levelIndexOf } from '../scale/verdictScale';

/**
 * A grade as the graded exports write it, on the source's scale: the level's name (ordinal; none when the
 * grade is a mean over criteria that falls between levels) and its value. null is written as the word null
 * in both; no grade at all (an error, an item not run, no decision) as empty cells. Never a silent 0.
 */
export interface GradeOnScale {
  readonly level: string | null;
  readonly grade: Grade;
}

export function gradeOnScale(scale: GradedScale, grade: Grade | undefined): GradeOnScale | null {
  if (grade === undefined) return null;
  if (grade === null) return { level: null, grade: null };
  const level = scale.kind === 'ordinal' ? (scale.levels[levelIndexOf(scale, grade) ?? -1]?.name ?? null) : null;
  return { level, grade };
}

/** The level and value cells of a grade: `null` for a null grade, empty for none (or no level name). */
export function gradeCells(graded: GradeOnScale | null): [string, string] {
  if (graded === null) return ['', ''];
  if (graded.grade === null) return ['null', 'null'];
  return [graded.level ?? '', String(graded.grade)];
}

/** A final human grade as the exports carry it: on the scale, how it was reached, by whom. */
export interface HumanGrade extends GradeOnScale {
  /** adjudicator, agreement, or (an item graded by its criteria) criteria. */
  readonly decidedHow: FinalGrade['source'];
  readonly decidedBy: readonly string[];
}

/** The graded exports' grade columns, in the order gradeColumnCells writes them. */
export const GRADE_COLUMNS = [
  'automaticLevel',
  'automaticGrade',
  'humanLevel',
  'humanGrade',
  'decidedHow',
  'adjudicatedLevel',
  'adjudicatedGrade',
] as const;

/** The cells of GRADE_COLUMNS: the judge's grade, the final human grade and how it was reached, the adjudicated grade. */
export function gradeColumnCells(automatic: GradeOnScale | null, human: HumanGrade | null, adjudicated: GradeOnScale | null): string[] {
  return [...gradeCells(automatic), ...gradeCells(human), human?.decidedHow ?? '', ...gradeCells(adjudicated)];
}

export function humanGradeOf(scale: GradedScale, final: FinalGrade | null): HumanGrade | null {
  if (final === null) return null;
  const onScale = gradeOnScale(scale, final.grade);
  return { level: onScale?.level ?? null, grade: final.grade, decidedHow: final.source, decidedBy: final.by };
}

/** One annotator's current grade of an item or a criterion, as the exports list it. */
export interface AnnotatorGrade {
  readonly annotator: string;
  readonly role: AnnotatorView['role'];
  /** Their grade on the scale; null: none (a note alone, or skipped). */
  readonly decision: GradeOnScale | null;
  readonly note: string;
  /** Made on another result than the current one: shown, never counted. */
  readonly stale: boolean;
}

export function annotatorGradesOf(scale: GradedScale, views: readonly AnnotatorView[]): AnnotatorGrade[] {
  return views.map((v) => ({
    annotator: v.annotator,
    role: v.role,
    decision: gradeOnScale(scale, v.state.grade),
    note: v.state.note,
    stale: v.stale,
  }));
}

/** "ana: CLASS_MET; ben (adjudicator): 0.5; cy: null (stale)": each annotator's grade in one cell. */
export function annotatorGradesCell(grades: readonly AnnotatorGrade[]): string {
  return grades
    .filter((g) => g.decision !== null)
    .map((g) => {
      const [level, value] = gradeCells(g.decision);
      return `${g.annotator}${g.role === 'adjudicator' ? ' (adjudicator)' : ''}: ${level === '' ? value : level}${g.stale ? ' (stale)' : ''}`;
    })
    .join('; ');
}

/** The live notes of a unit in one cell, one "annotator: note" per line (as the binary export writes them). */
export function notesCell(grades: readonly AnnotatorGrade[]): string {
  return grades
    .filter((g) => !g.stale && g.note !== '')
    .map((g) => `${g.annotator}: ${g.note}`)
    .join('\n');
}
