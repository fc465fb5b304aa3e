import { toCsv } from '../util/csv';
import { type ExportFormat } from './exportFormat';

/** A table of named text columns as an export: CSV (one record per row), or JSON (one object per row). */
export function exportTable(format: ExportFormat, header: readonly string[], rows: readonly (readonly string[])[]): string {
  if (format === 'csv') return toCsv(header, rows);
  return `${JSON.stringify(
    rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? '']))),
    null,
    2,
  )}\n`;
}
