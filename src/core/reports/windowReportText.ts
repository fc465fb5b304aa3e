import { blindReport, blindReportText } from './blindReport';
import { type ValidationReport } from './report';
import { type ReportFormat, reportText } from './reportText';

/** A report made from the window: the whole report, or while blind review is on only what needs no automatic verdict. */
export function windowReportText(report: ValidationReport, format: ReportFormat, blind: boolean): string {
  return blind ? blindReportText(blindReport(report), format) : reportText(report, format);
}
