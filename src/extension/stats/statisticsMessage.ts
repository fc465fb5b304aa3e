import { statsViewFor } from '../../core/review/viewDescriptor';
import { type BlindValidationReport, blindReport } from '../../core/reports/blindReport';
import { type ValidationReport } from '../../core/reports/report';
import { type BlindStatsReport, type StatsHostMessage, type StatsReport } from '../../core/protocol/stats';

/** The reports the host computes are what the webview's schemas describe (checked when compiling). */
const asStatsReport = (report: ValidationReport): StatsReport => report;
const asBlindStatsReport = (report: BlindValidationReport): BlindStatsReport => report;

/**
 * What the Statistics panel posts for a report: the report, how the view names its parts, and the run
 * folder the page keeps for a window reload (the report itself names the run by its folder's last
 * segment only, as an export must). While blind review is on in the window, the figures that need an
 * automatic verdict never leave the host.
 */
export function statisticsMessage(report: ValidationReport, runDir: string, blind = false): StatsHostMessage {
  const view = statsViewFor(report.run);
  if (blind) return { type: 'blindStatistics', report: asBlindStatsReport(blindReport(report)), view, runDir };
  return { type: 'statistics', report: asStatsReport(report), view, runDir };
}
