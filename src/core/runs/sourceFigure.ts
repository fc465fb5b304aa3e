import { type ResultLine } from './resultLine';
import { type Grade } from '../scale/verdictScale';

/**
 * A graded run's task figure as its source defines it, where that is not simply the mean of the item grades
 * (SEA-HELM's average_criteria_score: the mean over items x 100, with per-category averages). A benchmark or
 * log format declares it (SummaryParts.figure); generic code computes it twice, from the judge's grades and
 * from the adjudicated ones, and shows both beside its own mean grade.
 */
export interface SourceFigure {
  /** The figure's name as the source reports it. */
  readonly name: string;
  /** How the source computes it, one sentence (its null handling said plainly: "an unparsable class counts 0"). */
  readonly rule: string;
  /** What its groups are (a facet's name, e.g. "category"); none: no per-group figures. */
  readonly groupedBy?: string;
  /** The figure and its groups' from the items' grades, by the source's own rule (its null handling included). */
  compute(items: readonly FigureItem[]): FigureValue;
}

/** One item as a source figure reads it: the automatic grades, or the adjudicated ones (a human's where decided, else the judge's). */
export interface FigureItem {
  readonly itemId: string;
  /** Its current result line (undefined: none yet), for what groups it (its inputs). */
  readonly line: ResultLine | undefined;
  /** The item's grade; null: no parsable verdict; undefined: no grade at all (an error, or no result). */
  readonly grade: Grade | undefined;
  /** Its criteria's grades in the line's order (undefined: the item has no criteria). */
  readonly criteria: readonly Grade[] | undefined;
}

export interface FigureGroup {
  readonly name: string;
  readonly value: number | null;
  /** Items in the group. */
  readonly items: number;
}

export interface FigureValue {
  /** null: no item to compute it over. */
  readonly value: number | null;
  readonly groups: readonly FigureGroup[];
}

/** Both computations of a source's figure, as the summary and the exports carry them. */
export interface SourceFigureResult {
  readonly name: string;
  readonly rule: string;
  readonly groupedBy: string | null;
  readonly automatic: FigureValue;
  readonly adjudicated: FigureValue;
}
