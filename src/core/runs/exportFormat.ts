export type ExportFormat = 'csv' | 'json';

/** A verdict in CSV: the words true, false, null; an empty cell means no decision. */
export function verdictCell(verdict: boolean | null | undefined): string {
  return verdict === undefined ? '' : String(verdict);
}
