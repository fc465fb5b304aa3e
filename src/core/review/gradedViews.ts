import { type CriterionView, type Decision, type ItemDetail, type ItemRow } from '../protocol/review';
import { type AnnotatorView, type FinalGrade, type ItemAdjudication } from '../adjudication/itemAdjudication';
import { recordsSomething } from '../adjudication/reviewed';
import { type ResultLine } from '../runs/resultLine';
import { type Grade, type VerdictScale, isGraded } from '../scale/verdictScale';

/** A line's automatic grade as the row digest keeps it: a number or null on a graded run, undefined on a binary one. */
export function gradeOfLine(line: object): Grade | undefined {
  const grade = 'grade' in line ? line.grade : undefined;
  return grade === null || (typeof grade === 'number' && Number.isFinite(grade)) ? grade : undefined;
}

function decisionOf(view: AnnotatorView): Decision {
  return { ...view.state };
}

function finalOf(final: FinalGrade | null): { grade: Grade; source: FinalGrade['source']; by: string[] } | null {
  return final === null ? null : { grade: final.grade, source: final.source, by: [...final.by] };
}

/** This annotator's current (non-stale) state among views, when it records something. */
function mineAmong(views: readonly AnnotatorView[], annotator: string): AnnotatorView | undefined {
  return views.find((a) => a.annotator === annotator && !a.stale && recordsSomething(a.state));
}

/** The judge's grades of a line's criteria, in its order (undefined: the line has none). */
export function criteriaGradesOfLine(line: object): Grade[] | undefined {
  const criteria = 'criteria' in line ? line.criteria : undefined;
  if (!Array.isArray(criteria)) return undefined;
  return criteria.map((c: unknown) => {
    const grade = typeof c === 'object' && c !== null && 'grade' in c ? c.grade : null;
    return typeof grade === 'number' && Number.isFinite(grade) ? grade : null;
  });
}

/** What a graded row reads of the item's current line: its grade and its criteria's grades. */
export interface GradedRowBasis {
  readonly grade?: Grade | undefined;
  readonly criteria?: readonly Grade[] | undefined;
}

/**
 * A graded run's row parts: the judge's grade, the final human one and this annotator's (absent: none), each
 * criterion's, and whether judge and human are a level apart somewhere (the item, or one of its criteria).
 */
export function gradedRowParts(
  scale: VerdictScale,
  basis: GradedRowBasis | undefined,
  adjudication: ItemAdjudication | undefined,
  annotator: string,
): Partial<Pick<ItemRow, 'grades' | 'disagreement'>> {
  if (!isGraded(scale)) return {};
  const auto = basis?.grade;
  const final = adjudication?.finalGrade ?? null;
  const mine = mineAmong(adjudication?.annotators ?? [], annotator)?.state.grade;
  const decided = new Map((adjudication?.criteria ?? []).map((c) => [c.id, c]));
  const ids = (adjudication?.criteria ?? []).map((c) => c.id);
  const criteria = basis?.criteria?.map((judge, i) => {
    const adjudicated = decided.get(ids[i] ?? '');
    const human = adjudicated?.final?.grade;
    const own = mineAmong(adjudicated?.annotators ?? [], annotator)?.state.grade;
    return { auto: judge, ...(human === undefined ? {} : { human }), ...(own === undefined ? {} : { mine: own }) };
  });
  const disagreement =
    criteria !== undefined
      ? criteria.some((c) => c.human !== undefined && c.human !== c.auto)
      : final !== null && auto !== undefined && final.grade !== auto;
  const grades = {
    ...(auto === undefined ? {} : { auto }),
    ...(final === null ? {} : { human: final.grade }),
    ...(mine === undefined ? {} : { mine }),
    ...(criteria === undefined ? {} : { criteria }),
  };
  return { grades, disagreement };
}

/** A graded run's detail parts: the item's judge and final grades, and its criteria one by one. */
export function gradedDetailParts(
  scale: VerdictScale,
  line: ResultLine | undefined,
  adjudication: ItemAdjudication | undefined,
  annotator: string,
): Pick<ItemDetail, 'grade' | 'criteria'> {
  if (!isGraded(scale) || line === undefined) return {};
  const grade = { auto: gradeOfLine(line) ?? null, final: finalOf(adjudication?.finalGrade ?? null) };
  if (line.criteria === undefined) return { grade };
  const decided = new Map((adjudication?.criteria ?? []).map((c) => [c.id, c]));
  const criteria: CriterionView[] = line.criteria.map((criterion) => {
    const adjudicated = decided.get(criterion.id);
    const views = adjudicated?.annotators ?? [];
    const mine = mineAmong(views, annotator);
    return {
      id: criterion.id,
      text: criterion.text,
      judge: { grade: criterion.grade, level: criterion.level, reasoning: criterion.reasoning, reply: criterion.judgeReply },
      annotators: views.map((a) => ({
        annotator: a.annotator,
        role: a.role,
        decision: decisionOf(a),
        time: a.time,
        stale: a.stale,
        blind: a.blind,
      })),
      mine: mine === undefined ? null : decisionOf(mine),
      final: finalOf(adjudicated?.final ?? null),
      conflict: adjudicated?.conflict ?? false,
    };
  });
  return { grade, criteria };
}
