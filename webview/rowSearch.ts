import type { ItemRow } from '../src/core/protocol/review';
import { matchesQuery } from './filters';
import { foldText, queryTerms } from './textSearch';

/**
 * The text query over the rows: each row's folded search text, cached by row index; a row without its own
 * search text matches through the host's answer to the query (its label until then).
 */
export class RowSearch {
  private folded: (string | undefined)[] = [];
  /** The host's answer to the latest search: the query's folded terms and the ids that match. */
  private hostMatches: { key: string; ids: ReadonlySet<string> } | undefined;

  /** A new set of rows: nothing is cached. */
  reset(rows: number): void {
    this.folded = new Array<string | undefined>(rows);
  }

  append(): void {
    this.folded.push(undefined);
  }

  /** The row at this index changed. */
  changed(index: number): void {
    this.folded[index] = undefined;
  }

  /** Keeps the host's answer to a search; returns whether it answers the current terms. */
  setHostMatches(query: string, ids: readonly string[], currentTerms: readonly string[]): boolean {
    const key = queryTerms(query).join(' ');
    this.hostMatches = { key, ids: new Set(ids) };
    return key === currentTerms.join(' ');
  }

  /** Whether the host's answer for these terms is here. */
  answered(terms: readonly string[]): boolean {
    return this.hostMatches?.key === terms.join(' ');
  }

  matches(row: ItemRow, index: number, terms: readonly string[]): boolean {
    if (row.search === undefined && this.hostMatches?.key === terms.join(' ') && this.hostMatches.ids.has(row.id)) return true;
    return matchesQuery(row, this.foldedText(row, index), terms);
  }

  private foldedText(row: ItemRow, index: number): string {
    const cached = this.folded[index];
    if (cached !== undefined) return cached;
    const text = foldText(row.search ?? row.label);
    this.folded[index] = text;
    return text;
  }
}
