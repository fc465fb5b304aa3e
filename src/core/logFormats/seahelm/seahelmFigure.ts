import { type FigureItem, type FigureValue, type SourceFigure } from '../../runs/sourceFigure';
import { pythonSum } from '../../util/pythonSum';
import { ITEM_SCORE } from './seahelmItems';
import { taskFigures } from './seahelmScores';

/**
 * SEA-HELM's average_criteria_score from a run's grades (the judge's, or the adjudicated ones): an item's
 * score is the mean of its criteria's, a null criterion counted 0.0; the figure the mean over items x100,
 * per category of metadata.category (0 to 1). The levels are added as Python adds floats: exact for the
 * configs SEA-HELM ships (their only integer level is 0, which adds the same either way).
 */
export const SEAHELM_FIGURE: SourceFigure = {
  name: ITEM_SCORE,
  rule: "each item's score is the mean of its criteria's (a criterion without a known classification counts 0.0); the figure is their mean x100, per category their mean",
  groupedBy: 'category',
  compute(items: readonly FigureItem[]): FigureValue {
    const scored = items.flatMap((item) => {
      const category = item.line?.inputs['category'];
      const criteria = item.criteria;
      const score = criteria === undefined || criteria.length === 0 ? item.grade : pythonSum(criteria.map((g) => g ?? 0)) / criteria.length;
      return score === undefined || score === null ? [] : [{ category: typeof category === 'string' ? category : '', score }];
    });
    if (scored.length === 0) return { value: null, groups: [] };
    const figures = taskFigures(scored);
    return {
      value: figures.average_criteria_score,
      groups: Object.entries(figures.categories).map(([name, value]) => ({
        name,
        value,
        items: scored.filter((s) => s.category === name).length,
      })),
    };
  },
};
