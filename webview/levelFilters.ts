import type { ItemRow } from '../src/core/protocol/review';
import { FILTERS, type FilterDef, FilterSet, BINARY_FILTERS } from './filters';
import { type Grade, type GradedScale, shortNumber } from './gradedScale';

type Who = 'auto' | 'human';

/** A row's grades by one rater: its criteria's (an item with criteria), else the item's; undefined: none. */
export function rowGrades(row: ItemRow, who: Who): (Grade | undefined)[] {
  const grades = row.grades;
  if (grades === undefined) return [];
  return grades.criteria !== undefined ? grades.criteria.map((c) => c[who]) : [grades[who]];
}

/** The levels' names without the prefix they all share (SEA-HELM's CLASS_): chips stay short, their titles say it whole. */
function shortNames(names: readonly string[]): string[] {
  let prefix = names[0] ?? '';
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  const cut = prefix.lastIndexOf('_') + 1;
  return names.map((name) => (cut > 0 && name.length > cut ? name.slice(cut) : name));
}

function levelChip(who: Who, value: Grade, label: string, title: string): FilterDef {
  const rater = who === 'auto' ? 'judge' : 'human';
  return {
    id: `${rater}:${value === null ? 'null' : String(value)}`,
    label,
    title: `${rater === 'judge' ? 'The judge' : 'A final human grade'} at ${title} (an item with criteria: on one of them at least)`,
    group: who === 'auto' ? 'judge-level' : 'human-level',
    automatic: who === 'auto',
    icon: value === null ? 'question' : 'circle-filled',
    hideWhenEmpty: false,
    matches: (row) => rowGrades(row, who).includes(value),
  };
}

/**
 * The filter chips of a run on its scale. A graded run offers, instead of true / false / null, a chip per
 * level (and null) for the judge's grade and for the final human grade, an item with criteria counted under
 * every level one of its criteria has; a numeric scale, null only (its values have no levels). The review
 * chips (judge ≠ human among them: a level apart on the item or a criterion) and error / missing stay.
 */
export function filterSetFor(scale: GradedScale | undefined): FilterSet {
  if (scale === undefined) return BINARY_FILTERS;
  const levels = scale.kind === 'ordinal' ? scale.levels : [];
  const names = shortNames(levels.map((l) => l.label ?? l.name));
  const chips = (who: Who): FilterDef[] => [
    ...levels.map((l, i) => levelChip(who, l.value, names[i] ?? l.name, `${l.label ?? l.name} (${shortNumber(l.value)})`)),
    levelChip(who, null, 'null', 'null (no parsable grade)'),
  ];
  const kept = FILTERS.filter((f) => f.group === 'review' || f.id === 'auto:error' || f.id === 'auto:missing');
  return new FilterSet([...kept, ...chips('auto'), ...chips('human')]);
}
