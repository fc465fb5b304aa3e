/** One CSV record: its fields as written (quotes removed, doubled quotes made single) and the line it starts on. */
export interface CsvRecord {
  readonly fields: string[];
  /** 1-based, counting LF characters (a CRLF is one line). */
  readonly line: number;
}

/** Text that is not CSV: where it goes wrong and why. */
export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(problem);
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;
/** An unquoted field's characters up to a comma, a quote or a line break (a native scan, fast in a cold process). */
const UNQUOTED = /[^",\r\n]*/y;

/**
 * RFC 4180 records, read as csv-parse 6 reads them with `bom`, `skip_empty_lines` and a fixed column count:
 * a leading BOM dropped; the record delimiter is the first line break met outside quotes (CRLF, LF or CR),
 * and another kind of line break outside quotes is field text; a field that starts with a quote ends at a
 * lone quote, which a comma, the record delimiter or the end must follow; a quote inside an unquoted field,
 * a quote left open, and a record whose field count differs from the first record's are errors; empty lines
 * are skipped. It scans with indexOf and a sticky regular expression, not character by character: the
 * dataset is read before a run's first request, in a process that has not compiled a parser yet.
 */
export function readCsvRecords(text: string): CsvRecord[] {
  const end = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let delimiter: string | null = null;
  const records: CsvRecord[] = [];

  /** The record delimiter at `at` (found there first if none yet), or null. */
  const delimiterAt = (at: number): string | null => {
    const c = text.charCodeAt(at);
    if (c !== CR && c !== LF) return null;
    delimiter ??= c === CR && text.charCodeAt(at + 1) === LF ? '\r\n' : c === CR ? '\r' : '\n';
    return text.startsWith(delimiter, at) ? delimiter : null;
  };
  const linesIn = (from: number, to: number): number => {
    let n = 0;
    for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };

  while (pos < end) {
    const empty = delimiterAt(pos);
    if (empty !== null) {
      pos += empty.length;
      line++;
      continue;
    }
    const startLine = line;
    const fields: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(pos) === QUOTE) {
        value = '';
        let from = pos + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) throw new CsvSyntaxError(line, 'a quoted field is not closed before the end of the file');
          value += text.slice(from, close);
          if (text.charCodeAt(close + 1) !== QUOTE) {
            line += linesIn(pos, close);
            pos = close + 1;
            break;
          }
          value += '"';
          from = close + 2;
        }
        const next = text.charCodeAt(pos);
        if (pos < end && next !== COMMA && delimiterAt(pos) === null) {
          throw new CsvSyntaxError(line, `a closing quote is followed by ${JSON.stringify(text[pos])} instead of a comma or a line break`);
        }
      } else {
        const from = pos;
        for (;;) {
          UNQUOTED.lastIndex = pos;
          UNQUOTED.test(text);
          pos = UNQUOTED.lastIndex;
          const c = text.charCodeAt(pos);
          if (c === QUOTE) throw new CsvSyntaxError(line, `a quote inside an unquoted field (field ${fields.length + 1})`);
          if (pos >= end || c === COMMA || delimiterAt(pos) !== null) break;
          // A line break that is not the record delimiter (a bare LF in a CRLF file) is part of the field.
          if (c === LF) line++;
          pos++;
        }
        value = text.slice(from, pos);
      }
      fields.push(value);
      if (text.charCodeAt(pos) === COMMA) {
        pos++;
        continue;
      }
      const after = pos < end ? delimiterAt(pos) : null;
      if (after !== null) {
        pos += after.length;
        line++;
      }
      break;
    }
    const expected = records[0]?.fields.length ?? fields.length;
    if (fields.length !== expected) throw new CsvSyntaxError(startLine, `${fields.length} fields where the first record has ${expected}`);
    records.push({ fields, line: startLine });
  }
  return records;
}
