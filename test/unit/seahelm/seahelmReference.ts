/**
 * An independent reimplementation of SEA-HELM's criteria judge metric (src/metrics/llm_judges/
 * criteria_judge_metric.py at 6844e6c, run under Python 3.12) for the tests: it reads the two files with
 * JSON.parse and computes the figures as calculate_metrics and get_judge_metrics do, sharing no code with
 * the import.
 */
import { readFileSync } from 'node:fs';

const VALUES: Record<string, { value: number; int: boolean }> = {
  CLASS_UNMET: { value: 0, int: true },
  CLASS_SLIGHTLY_MET: { value: 0.25, int: false },
  CLASS_MODERATELY_MET: { value: 0.5, int: false },
  CLASS_MAJORLY_MET: { value: 0.75, int: false },
  CLASS_EXACTLY_MET: { value: 1.0, int: false },
};

/** CPython 3.12's sum(): ints exactly until the first float, then Neumaier; ints after a float plainly. */
export function sum312(items: readonly { value: number; int: boolean }[]): number {
  let i = 0;
  let exact = 0;
  for (; i < items.length && items[i]?.int === true; i++) exact += items[i]?.value ?? 0;
  if (i === items.length) return exact;
  let f = exact + (items[i]?.value ?? 0);
  let c = 0;
  for (i++; i < items.length; i++) {
    const item = items[i];
    if (item === undefined) continue;
    if (item.int) {
      f += item.value;
      continue;
    }
    const t = f + item.value;
    if (Math.abs(f) >= Math.abs(item.value)) c += f - t + item.value;
    else c += item.value - t + f;
    f = t;
  }
  return c !== 0 && Number.isFinite(c) ? f + c : f;
}

const floats = (values: readonly number[]): { value: number; int: boolean }[] => values.map((value) => ({ value, int: false }));
const jsonLines = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

export interface ReferenceFigures {
  readonly items: { id: string; category: string; score: number; criteria: string[]; classes: (string | null)[] }[];
  readonly average: number;
  readonly categories: Record<string, number>;
  /** The same figure with a plain left-to-right sum (Python 3.11), to show the files tell them apart. */
  readonly plainAverage: number;
}

/** `values`: the task config's classifications (default kalahi-judge's), each with whether YAML wrote it as an int. */
export function referenceFigures(
  inferenceFile: string,
  judgeFile: string,
  values: Record<string, { value: number; int: boolean }> = VALUES,
): ReferenceFigures {
  const judgements = jsonLines(judgeFile).map((row) => {
    const [id, criteria] = String(row['custom_ids']).split('_');
    const reply = row['responses'];
    const match = typeof reply === 'string' ? /<classification>\s*(\w+)\s*<\/classification>/.exec(reply) : null;
    return { id, criteria: criteria ?? '', classification: match?.[1] ?? null };
  });
  const items = jsonLines(inferenceFile).map((row) => {
    const id = String(row['id']);
    const mine = judgements.filter((j) => j.id === id).sort((a, b) => (a.criteria < b.criteria ? -1 : a.criteria > b.criteria ? 1 : 0));
    const scores = mine.map((j) =>
      j.classification !== null && j.classification in values
        ? (values[j.classification] ?? { value: 0, int: false })
        : { value: 0, int: false },
    );
    const category = (row['metadata'] as { category: string }).category;
    return {
      id,
      category,
      score: sum312(scores) / scores.length,
      criteria: mine.map((j) => j.criteria),
      classes: mine.map((j) => j.classification),
    };
  });
  const categories: Record<string, number> = {};
  for (const category of new Set(items.map((i) => i.category))) {
    const subset = items.filter((i) => i.category === category).map((i) => i.score);
    categories[category] = sum312(floats(subset)) / subset.length;
  }
  const plain = items.reduce((total, i) => total + i.score, 0);
  return {
    items,
    average: (sum312(floats(items.map((i) => i.score))) / items.length) * 100,
    categories,
    plainAverage: (plain / items.length) * 100,
  };
}
