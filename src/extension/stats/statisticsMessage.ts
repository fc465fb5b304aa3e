import { statsViewFor } from '../../core/review/viewDescriptor';
import { type ValidationReport } from '../../core/validation/report';
import { type StatsHostMessage, type StatsReport } from '../../statsProtocol';

/** The report the host computes is what the webview's schema describes (checked when compiling). */
const asStatsReport = (report: ValidationReport): StatsReport => report;

/**
 * What the Statistics panel posts for a report: the report, how the view names its parts, and the run
 * folder the page keeps for a window reload (the report itself names the run by its folder's last
 * segment only, as an export must).
 */
export function statisticsMessage(report: ValidationReport, runDir: string): StatsHostMessage {
  return { type: 'statistics', report: asStatsReport(report), view: statsViewFor(report.run), runDir };
}
