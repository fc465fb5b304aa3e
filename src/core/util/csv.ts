import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection: a first character =, +, -, @, tab or
 * carriage return), or one that already looks guarded (apostrophes before such a character), so that
 * unguarding is exact. A plain number ("-0.25", "+1e-3") is left as it is: a spreadsheet reads it as the
 * number it is, and numeric columns stay numeric for pandas and R.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** The cell as written: a formula-looking cell gets one leading apostrophe, which spreadsheets show as text. */
export function guardCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** The original text of a cell the tool wrote: the one apostrophe guardCell added is taken off. */
export function unguardCell(text: string): string {
  return GUARDED.test(text) ? text.slice(1) : text;
}

/**
 * The one CSV writer of the tool: RFC 4180 (records end in CRLF; a cell holding a comma, a quote, a CR or
 * an LF is quoted, its quotes doubled), UTF-8 with a byte-order mark so spreadsheet programs show Japanese
 * and Filipino text right, and every cell guarded against formula injection (guardCell).
 *
 * quote_record_delimiter is the point: once record_delimiter is given, csv-stringify quotes only cells that
 * hold that exact delimiter ("\r\n"), so a bare "\n" (YokaiEval's choices, multi-line answers and notes)
 * went out unquoted and split each such item into several records.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const guarded = rows.map((row) => row.map(guardCell));
  return `\uFEFF${stringify([header.map(guardCell), ...guarded], { record_delimiter: '\r\n', quote_record_delimiter: true })}`;
}
