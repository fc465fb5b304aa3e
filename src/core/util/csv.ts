import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV writer of the tool: RFC 4180 (records end in CRLF; a cell holding a comma, a quote, a CR or
 * an LF is quoted, its quotes doubled), UTF-8 with a byte-order mark so spreadsheet programs show Japanese
 * and Filipino text right.
 *
 * quote_record_delimiter is the point: once record_delimiter is given, csv-stringify quotes only cells that
 * hold that exact delimiter ("\r\n"), so a bare "\n" (YokaiEval's choices, multi-line answers and notes)
 * went out unquoted and split each such item into several records.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${stringify([header, ...rows], { record_delimiter: '\r\n', quote_record_delimiter: true })}`;
}
