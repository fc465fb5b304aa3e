import { parse } from 'csv-parse/sync';

/**
 * Reads CSV the way Python's csv module and spreadsheet programs do: CRLF, LF and CR all end an unquoted
 * record. csv-parse's default would take the first delimiter it meets ("\r\n") as the only one and so read
 * an unquoted "\n" inside a cell as text, hiding exactly the bug of issue 12. Fields of unequal count are
 * an error (csv-parse's default).
 */
const OPTIONS = { bom: true, record_delimiter: ['\r\n', '\n', '\r'] };

/** Every record as an array of cells, the header included. */
export function csvRows(text: string): string[][] {
  return parse(text, OPTIONS) as string[][];
}

/** Records keyed by the header's column names. */
export function csvRecords(text: string): Record<string, string>[] {
  return parse(text, { ...OPTIONS, columns: true }) as Record<string, string>[];
}
