import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { buildValidationReport } from '../../core/reports/report';
import { type ExportFormat } from '../../core/protocol/stats';
import { windowReportText } from '../../core/reports/windowReportText';
import { EXPORT_FILTERS } from './exportFilters';

/**
 * Asks where to save, writes the run's validation report fresh from disk (blind: without any figure that
 * needs an automatic verdict), and offers to open it.
 */
export async function exportValidationReport(runDir: string, format: ExportFormat, blind: boolean): Promise<void> {
  const target = await vscode.window.showSaveDialog({
    defaultUri: vscode.Uri.file(join(runDir, `${blind ? 'review-progress' : 'validation-report'}.${format}`)),
    filters: { ...EXPORT_FILTERS[format] },
    title: 'Export Validation Report',
  });
  if (target === undefined) return;
  writeFileSync(target.fsPath, windowReportText(buildValidationReport(runDir), format, blind));
  const open = await vscode.window.showInformationMessage(`Exported ${basename(target.fsPath)}.`, 'Open');
  if (open === 'Open') await vscode.commands.executeCommand('vscode.open', target);
}
