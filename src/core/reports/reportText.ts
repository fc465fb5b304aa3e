import { toHtml, toMarkdown } from '../judgeValidation/document';
import { type ValidationReport } from './report';
import { reportDocument, reportTitle } from './reportDocument';

export type ReportFormat = 'md' | 'json' | 'html';

/** A report as `report --format md|json|html` writes it, and the Statistics panel exports it. */
export function reportText(report: ValidationReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'md') return toMarkdown(reportDocument(report));
  return toHtml(reportDocument(report), reportTitle(report));
}
