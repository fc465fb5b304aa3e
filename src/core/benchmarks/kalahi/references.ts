import { type KalahiItem } from './dataset';

/** The references of an item as they are scored: relevant (best among them) and irrelevant. */
export interface KalahiReferences {
  readonly relevant: readonly string[];
  readonly irrelevant: readonly string[];
  /** Index of the best answer in `relevant`. */
  readonly bestIndex: number;
}

/** The official code appends '.' to a reference whose last character is not '.'. */
export function withFinalPeriod(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

export function kalahiReferences(item: KalahiItem, appendPeriod: boolean): KalahiReferences {
  const finish = appendPeriod ? withFinalPeriod : (text: string): string => text;
  return { relevant: item.relevant.map(finish), irrelevant: item.irrelevant.map(finish), bestIndex: item.bestIndex };
}

/** Relevant then irrelevant: the order references are scored and recorded in. */
export function allReferences(references: KalahiReferences): string[] {
  return [...references.relevant, ...references.irrelevant];
}
