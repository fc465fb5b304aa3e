/**
 * SEA-HELM's criteria judge metric (src/metrics/llm_judges/criteria_judge_metric.py at 6844e6c), reproduced:
 * how a judge reply becomes a classification and a reflection, how criteria are ordered, and what a
 * classification scores. Python's regular expressions differ from JavaScript's in what \s and \w match and
 * in what str.strip() removes, so those classes are spelled out as Python has them.
 */

/** Python's \s and str.isspace() on str: JavaScript's \s less U+FEFF, plus U+001C..U+001F and U+0085. */
const PY_SPACE = '[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
/** Python's \w on str: letters, numbers and the underscore (str.isalnum() or '_'). */
const PY_WORD = '[\\p{L}\\p{N}_]';

const CLASSIFICATION = new RegExp(`<classification>${PY_SPACE}*(${PY_WORD}+)${PY_SPACE}*</classification>`, 'u');
const REFLECTION = new RegExp(`<reflection>${PY_SPACE}*([\\s\\S]*?)${PY_SPACE}*</reflection>`, 'u');
const EDGES = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'gu');

/** extract_classification: the word inside the first <classification> tag; null without one or without a reply. */
export function extractClassification(reply: string | null): string | null {
  if (reply === null) return null;
  return CLASSIFICATION.exec(reply)?.[1] ?? null;
}

/** extract_reflection: the text inside the first <reflection> tag, stripped; null without one or without a reply. */
export function extractReflection(reply: string | null): string | null {
  if (reply === null) return null;
  const match = REFLECTION.exec(reply);
  return match === null ? null : (match[1] ?? '').replace(EDGES, '');
}

/** A custom_ids split on '_' as SEA-HELM splits it into its id and criteria columns (null: not two parts, where SEA-HELM fails). */
export function splitCustomId(customId: string): { readonly id: string; readonly criterion: string } | null {
  const parts = customId.split('_');
  return parts.length === 2 ? { id: parts[0] ?? '', criterion: parts[1] ?? '' } : null;
}

/** pandas' sort_values on the criteria column: Python's str order, by code point ("criteria10" before "criteria2"). */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const difference = (left[i]?.codePointAt(0) ?? 0) - (right[i]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** A classification of the task's config (`judge.classifications`) and its score; `int`: written as an integer (a Python int). */
export interface Classification {
  readonly name: string;
  readonly value: number;
  readonly int: boolean;
}

/** kalahi-judge's classifications (seahelm_tasks/cultural/kalahi_judge/config.yaml): CLASS_UNMET is the int 0. */
export const KALAHI_JUDGE_CLASSIFICATIONS: readonly Classification[] = [
  { name: 'CLASS_UNMET', value: 0, int: true },
  { name: 'CLASS_SLIGHTLY_MET', value: 0.25, int: false },
  { name: 'CLASS_MODERATELY_MET', value: 0.5, int: false },
  { name: 'CLASS_MAJORLY_MET', value: 0.75, int: false },
  { name: 'CLASS_EXACTLY_MET', value: 1, int: false },
];

/** get_score: the classification's value as written (case and all); anything else, or none, scores the float 0.0. */
export function scoreOf(
  classification: string | null,
  classifications: readonly Classification[],
): { readonly value: number; readonly int: boolean; readonly known: boolean } {
  const known = classification === null ? undefined : classifications.find((c) => c.name === classification);
  return known === undefined ? { value: 0, int: false, known: false } : { value: known.value, int: known.int, known: true };
}
