import { type Grade } from '../scale/verdictScale';

/** One annotator's current, non-stale grade on a unit (role "annotator"; adjudicators are kept apart). */
export interface AnnotatorGrade {
  readonly annotator: string;
  readonly grade: Grade;
}

/**
 * What the graded statistics need of one unit of a graded run: an item, or one criterion of an item. Built
 * from the run's adjudication state (gradedRecords.ts), so that the statistics stay pure functions of these.
 */
export interface GradedUnit {
  /** The item's id, or `itemId#criterion` for a criterion. */
  readonly id: string;
  /** The judge's grade; undefined when the unit has none (no result line, or an error). */
  readonly judge: Grade | undefined;
  /**
   * The final human grade; undefined while there is none. An item graded through its criteria has one only
   * when every criterion has a final human grade (a mix with the judge's grades is not a human figure).
   */
  readonly human: Grade | undefined;
  readonly annotators: readonly AnnotatorGrade[];
  /** Facet name to value (the item's, for a criterion too). */
  readonly facets: Readonly<Record<string, string>>;
}

/** [judge, human] for the units that have both. */
export function judgeHumanPairs(units: readonly GradedUnit[]): [Grade, Grade][] {
  const pairs: [Grade, Grade][] = [];
  for (const u of units) if (u.judge !== undefined && u.human !== undefined) pairs.push([u.judge, u.human]);
  return pairs;
}

/** The units grouped by a facet's value, values sorted; units without the facet left out. */
export function unitsByFacet(units: readonly GradedUnit[], facet: string): [string, GradedUnit[]][] {
  const groups = new Map<string, GradedUnit[]>();
  for (const u of units) {
    const value = u.facets[facet];
    if (value === undefined) continue;
    const group = groups.get(value);
    if (group === undefined) groups.set(value, [u]);
    else group.push(u);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}
