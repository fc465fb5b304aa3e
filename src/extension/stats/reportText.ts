import { toHtml, toMarkdown } from '../../core/validation/document';
import { type ValidationReport } from '../../core/validation/report';
import { reportDocument } from '../../core/validation/reportDocument';
import { type ExportFormat } from '../../statsProtocol';

/** A report as the CLI's `report --format md|json|html` writes it. */
export function reportText(report: ValidationReport, format: ExportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'md') return toMarkdown(reportDocument(report));
  return toHtml(reportDocument(report), `Judge validation: ${report.run.id}`);
}

export const EXPORT_FILTERS: Readonly<Record<ExportFormat, Readonly<Record<string, string[]>>>> = {
  md: { Markdown: ['md'] },
  json: { JSON: ['json'] },
  html: { HTML: ['html'] },
};
