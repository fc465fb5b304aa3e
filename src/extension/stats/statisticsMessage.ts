import { statsViewFor } from '../../core/review/viewDescriptor';
import { type ValidationReport } from '../../core/validation/report';
import { type StatsHostMessage, type StatsReport } from '../../statsProtocol';

/** The report the host computes is what the webview's schema describes (checked when compiling). */
const asStatsReport = (report: ValidationReport): StatsReport => report;

/** What the Statistics panel posts for a report: the report, and how the view names its parts. */
export function statisticsMessage(report: ValidationReport): StatsHostMessage {
  return { type: 'statistics', report: asStatsReport(report), view: statsViewFor(report.run) };
}
