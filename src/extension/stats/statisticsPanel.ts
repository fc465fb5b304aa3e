import * as vscode from 'vscode';
import { type ValidationReport, buildValidationReport } from '../../core/validation/report';
import { errorMessage } from '../../core/util/errors';
import { type StatsHostMessage, type StatsWebviewMessage, StatsPanelStateSchema, type StatsReport, StatsWebviewMessageSchema } from '../../statsProtocol';
import { STATISTICS_VIEW_TYPE } from '../commandIds';
import { Disposable } from '../disposable';
import { watchRunFolder } from '../review/runWatcher';
import { getWebviewHtml } from '../review/webviewHtml';
import { exportValidationReport } from './exportReport';

export interface StatisticsContext {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
}

/** The report the host computes is what the webview's schema describes (checked when compiling). */
const asStatsReport = (report: ValidationReport): StatsReport => report;

/**
 * One Statistics panel per run folder: the host computes the run's validation report (the CLI `report`
 * command's core), pushes it to the webview, and recomputes it when the run's logs change.
 */
export class StatisticsPanel extends Disposable {
  private static readonly panels = new Map<string, StatisticsPanel>();

  static show(context: StatisticsContext, runDir: string): StatisticsPanel {
    const existing = StatisticsPanel.panels.get(runDir);
    if (existing !== undefined) {
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(STATISTICS_VIEW_TYPE, 'Statistics', vscode.ViewColumn.Active, StatisticsPanel.webviewOptions(context.extensionUri));
    return new StatisticsPanel(context, panel, runDir);
  }

  /** Brings back a panel after a window reload, from the run folder the webview persisted. */
  static restore(context: StatisticsContext, panel: vscode.WebviewPanel, state: unknown): void {
    const parsed = StatsPanelStateSchema.safeParse(state);
    if (!parsed.success) {
      context.log.warn('statistics panel state could not be restored; closing the panel');
      panel.dispose();
      return;
    }
    panel.webview.options = StatisticsPanel.webviewOptions(context.extensionUri);
    new StatisticsPanel(context, panel, parsed.data.runDir);
  }

  static webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')], retainContextWhenHidden: false };
  }

  static activeRunDir(): string | undefined {
    for (const [dir, panel] of StatisticsPanel.panels) if (panel.panel.active) return dir;
    return undefined;
  }

  private constructor(
    private readonly context: StatisticsContext,
    private readonly panel: vscode.WebviewPanel,
    private readonly runDir: string,
  ) {
    super();
    StatisticsPanel.panels.set(runDir, this);
    panel.title = 'Statistics';
    panel.iconPath = new vscode.ThemeIcon('graph');
    const dist = vscode.Uri.joinPath(context.extensionUri, 'dist');
    panel.webview.html = getWebviewHtml({
      cspSource: panel.webview.cspSource,
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'stats.js')).toString(),
      codiconsUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'codicon.css')).toString(),
      title: panel.title,
    });
    this._register(panel.webview.onDidReceiveMessage((raw: unknown) => void this.receive(raw)));
    this._register(panel.onDidDispose(() => this.dispose()));
    // A hidden panel's page is gone (retainContextWhenHidden is off): shown again, it asks anew ('ready').
    this._register(watchRunFolder(runDir, () => {
      if (this.panel.visible) this.postReport();
    }));
  }

  override dispose(): void {
    if (this.isDisposed) return;
    StatisticsPanel.panels.delete(this.runDir);
    super.dispose();
    this.panel.dispose();
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = StatsWebviewMessageSchema.safeParse(raw);
    if (!parsed.success) {
      this.context.log.warn(`statistics: rejected a message that fails the protocol: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      this.post({ type: 'error', message: 'The panel sent a message the extension does not understand; it was ignored.' });
      return;
    }
    try {
      await this.handle(parsed.data);
    } catch (error) {
      this.context.log.error(`statistics: ${errorMessage(error)}`);
      this.post({ type: 'error', message: errorMessage(error) });
    }
  }

  private async handle(message: StatsWebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
      case 'refresh':
        this.postReport();
        return;
      case 'export':
        await exportValidationReport(this.runDir, message.format);
        return;
    }
  }

  private postReport(): void {
    if (this.isDisposed) return;
    let report: ValidationReport;
    try {
      report = buildValidationReport(this.runDir);
    } catch (error) {
      this.context.log.error(`statistics: could not read ${this.runDir}: ${errorMessage(error)}`);
      this.post({ type: 'error', message: `Could not read the run: ${errorMessage(error)}` });
      return;
    }
    this.panel.title = `Statistics: ${report.run.model ?? report.run.id}`;
    this.post({ type: 'statistics', report: asStatsReport(report) });
  }

  private post(message: StatsHostMessage): void {
    if (!this.isDisposed) void this.panel.webview.postMessage(message);
  }
}
