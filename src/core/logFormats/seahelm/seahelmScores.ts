import { type CriterionResult } from '../../scale/criteria';
import { InputError, UserError } from '../../util/errors';
import { pythonSum } from '../../util/pythonSum';
import {
  type Classification,
  compareCodePoints,
  extractClassification,
  extractReflection,
  scoreOf,
  splitCustomId,
} from './criteriaJudgeRule';
import { type InferenceLine, type JudgeLine, type Numbered } from './seahelmFiles';

/** One item as SEA-HELM's calculate_metrics scores it: its criteria in SEA-HELM's order and its final score. */
export interface ScoredItem {
  /** str(row["id"]), as SEA-HELM matches judgements to it. */
  readonly id: string;
  readonly category: string;
  readonly criteria: readonly CriterionResult[];
  /** final_scores: the Python sum of the criteria's scores over their number. */
  readonly score: number;
  /** Criteria SEA-HELM scored 0.0 for want of a known classification (no reply, no tag, an unknown or mis-cased class). */
  readonly unparsable: number;
}

/** What get_judge_metrics reports: average_criteria_score (x100) and each category's mean (not x100), in first-seen order. */
export interface TaskFigures {
  readonly average_criteria_score: number;
  readonly categories: Readonly<Record<string, number>>;
}

interface Judgement {
  readonly criterion: string;
  readonly line: number;
  readonly reply: string | null;
}

/** str() of the inference line's id as Python writes it. */
export function idText(id: string | number): string {
  return typeof id === 'string' ? id : String(id);
}

/** The judge file's lines by item id; a custom_ids SEA-HELM cannot split, or one seen twice, is an error naming its line. */
function judgementsById(lines: readonly Numbered<JudgeLine>[], file: string): Map<string, Judgement[]> {
  const byId = new Map<string, Judgement[]>();
  const seen = new Map<string, number>();
  for (const { value, line } of lines) {
    const split = splitCustomId(value.custom_ids);
    if (split === null)
      throw new InputError(
        { file, line, field: 'custom_ids' },
        `"${value.custom_ids}" does not split on '_' into an id and a criterion, as SEA-HELM splits it (its metric fails on such a line)`,
      );
    const earlier = seen.get(value.custom_ids);
    if (earlier !== undefined)
      throw new InputError(
        { file, line, field: 'custom_ids' },
        `"${value.custom_ids}" again (first at line ${earlier}): one reply per criterion`,
      );
    seen.set(value.custom_ids, line);
    const list = byId.get(split.id) ?? [];
    list.push({ criterion: split.criterion, line, reply: value.responses ?? null });
    byId.set(split.id, list);
  }
  return byId;
}

/** The criterion's text as the judge saw it: criterion.format(**prompts[0]) for plain {name} fields ({{ and }} as braces). */
export function criterionText(template: string, values: Readonly<Record<string, unknown>>): string {
  if (!/[{}]/.test(template)) return template;
  let failed = false;
  const text = template.replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}|[{}]/g, (match, name: string | undefined) => {
    if (match === '{{') return '{';
    if (match === '}}') return '}';
    const value = name === undefined ? undefined : values[name];
    if (typeof value !== 'string' && typeof value !== 'number') failed = true;
    return String(value ?? match);
  });
  return failed ? template : text;
}

function scoredItem(
  row: Numbered<InferenceLine>,
  judgements: readonly Judgement[],
  classifications: readonly Classification[],
): ScoredItem {
  const sorted = [...judgements].sort((a, b) => compareCodePoints(a.criterion, b.criterion));
  const prompt = row.value.prompts[0] ?? {};
  const scores = sorted.map((j) => scoreOf(extractClassification(j.reply), classifications));
  const criteria = sorted.map((j, i): CriterionResult => {
    const index = /^criteria(\d+)$/.exec(j.criterion)?.[1];
    const template = index === undefined ? undefined : row.value.criteria[Number(index)]?.criterion;
    return {
      id: j.criterion,
      text: template === undefined ? '' : criterionText(template, prompt),
      grade: scores[i]?.known === true ? (scores[i]?.value ?? null) : null,
      level: extractClassification(j.reply),
      reasoning: extractReflection(j.reply),
      judgeReply: j.reply,
    };
  });
  const score =
    pythonSum(
      scores.map((s) => s.value),
      (i) => scores[i]?.int === true,
    ) / scores.length;
  return {
    id: idText(row.value.id),
    category: row.value.metadata.category,
    criteria,
    score,
    unparsable: scores.filter((s) => !s.known).length,
  };
}

/**
 * Every inference line scored from the judge's replies as calculate_metrics scores it. An item without a
 * judgement is an error (SEA-HELM divides by zero on it); judgements of ids the inference file lacks are
 * left out, as SEA-HELM leaves them, and counted.
 */
export function scoreItems(
  rows: readonly Numbered<InferenceLine>[],
  judgeLines: readonly Numbered<JudgeLine>[],
  classifications: readonly Classification[],
  files: { readonly inference: string; readonly judgements: string },
): { items: ScoredItem[]; strayJudgements: number } {
  const byId = judgementsById(judgeLines, files.judgements);
  const seen = new Map<string, number>();
  const items = rows.map((row) => {
    const id = idText(row.value.id);
    const earlier = seen.get(id);
    if (earlier !== undefined)
      throw new InputError({ file: files.inference, line: row.line, field: 'id' }, `"${id}" again (first at line ${earlier})`);
    seen.set(id, row.line);
    const judgements = byId.get(id);
    if (judgements === undefined)
      throw new InputError(
        { file: files.inference, line: row.line, field: 'id' },
        `item "${id}" has no judgement in ${files.judgements} (SEA-HELM's metric divides by zero on it): are the two files of the same run?`,
      );
    return scoredItem(row, judgements, classifications);
  });
  const stray = [...byId.entries()].filter(([id]) => !seen.has(id)).reduce((n, [, list]) => n + list.length, 0);
  if (items.length === 0) throw new UserError(`${files.inference}: holds no items`);
  return { items, strayJudgements: stray };
}

/** get_judge_metrics over the items' final scores, each mean a Python sum over the count. */
export function taskFigures(items: readonly Pick<ScoredItem, 'category' | 'score'>[]): TaskFigures {
  const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : pythonSum(values) / values.length);
  const categories: Record<string, number> = {};
  for (const category of new Set(items.map((i) => i.category)))
    categories[category] = mean(items.filter((i) => i.category === category).map((i) => i.score));
  return { average_criteria_score: mean(items.map((i) => i.score)) * 100, categories };
}
