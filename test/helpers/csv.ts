import { parse } from 'csv-parse/sync';
import { unguardCell } from '../../src/core/util/csv';

/**
 * Reads CSV the way Python's csv module and spreadsheet programs do: CRLF, LF and CR all end an unquoted
 * record. csv-parse's default would take the first delimiter it meets ("\r\n") as the only one and so read
 * an unquoted "\n" inside a cell as text, hiding exactly the bug of issue 12. Fields of unequal count are
 * an error (csv-parse's default).
 */
const OPTIONS = { bom: true, record_delimiter: ['\r\n', '\n', '\r'] };

/** Every record as an array of cells, the header included, as written (formula guards kept). */
export function rawCsvRows(text: string): string[][] {
  return parse(text, OPTIONS) as string[][];
}

/** Records keyed by the header's column names, as written (formula guards kept). */
export function rawCsvRecords(text: string): Record<string, string>[] {
  return parse(text, { ...OPTIONS, columns: true }) as Record<string, string>[];
}

/** Every record as an array of cells, each cell's original text (the formula guard taken off as docs/cli.md says). */
export function csvRows(text: string): string[][] {
  return rawCsvRows(text).map((row) => row.map(unguardCell));
}

/** Records keyed by the header's column names, each cell's original text (the formula guard taken off as docs/cli.md says). */
export function csvRecords(text: string): Record<string, string>[] {
  return rawCsvRecords(text).map((record) =>
    Object.fromEntries(Object.entries(record).map(([column, cell]) => [column, unguardCell(cell)])),
  );
}
