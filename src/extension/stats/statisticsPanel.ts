import * as vscode from 'vscode';
import { type ValidationReport, buildValidationReport } from '../../core/reports/report';
import { errorMessage } from '../../core/util/errors';
import {
  type StatsHostMessage,
  type StatsWebviewMessage,
  StatsPanelStateSchema,
  StatsWebviewMessageSchema,
} from '../../core/protocol/stats';
import { STATISTICS_VIEW_TYPE } from '../commandIds';
import { RunPanel, type RunPanelHost, RunPanels, createRunWebviewPanel, restoreRunPanel } from '../panels/runPanel';
import { exportValidationReport } from './exportReport';
import { statisticsMessage } from './statisticsMessage';

export interface StatisticsContext extends RunPanelHost {
  /** Blind review is on in the window: the panel and its exports show only what needs no automatic verdict. */
  readonly blind: () => boolean;
}

/**
 * One Statistics panel per run folder: the host computes the run's validation report (the CLI `report`
 * command's core), pushes it to the webview, and recomputes it when the run's logs change.
 */
export class StatisticsPanel extends RunPanel<StatsWebviewMessage, StatsHostMessage> {
  private static readonly panels = new RunPanels<StatisticsPanel>();

  static show(context: StatisticsContext, runDir: string): StatisticsPanel {
    const existing = StatisticsPanel.panels.get(runDir);
    if (existing !== undefined) {
      existing.reveal();
      return existing;
    }
    return new StatisticsPanel(context, createRunWebviewPanel(STATISTICS_VIEW_TYPE, 'Statistics', context.extensionUri), runDir);
  }

  /** Brings back a panel after a window reload, from the run folder the webview persisted. */
  static restore(context: StatisticsContext, panel: vscode.WebviewPanel, state: unknown): void {
    restoreRunPanel(
      context,
      'statistics',
      panel,
      state,
      StatsPanelStateSchema,
      (restored) => new StatisticsPanel(context, panel, restored.runDir),
    );
  }

  static activeRunDir(): string | undefined {
    return StatisticsPanel.panels.activeRunDir();
  }

  /** Blind review went on or off in the window: every shown panel draws its report again. */
  static blindChanged(): void {
    for (const panel of StatisticsPanel.panels.values()) panel.onFilesChanged();
  }

  private constructor(
    private readonly context: StatisticsContext,
    panel: vscode.WebviewPanel,
    runDir: string,
  ) {
    super(context, panel, runDir, { name: 'statistics', script: 'stats.js', incoming: StatsWebviewMessageSchema }, StatisticsPanel.panels);
    panel.title = 'Statistics';
    panel.iconPath = new vscode.ThemeIcon('graph');
    this.start();
  }

  /** A hidden panel's page is gone (retainContextWhenHidden is off): shown again, it asks anew ('ready'). */
  protected onFilesChanged(): void {
    if (this.panel.visible) this.postReport();
  }

  protected errorReply(text: string): StatsHostMessage {
    return { type: 'error', message: text };
  }

  protected async handle(message: StatsWebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
      case 'refresh':
        this.postReport();
        return;
      case 'export':
        await exportValidationReport(this.runDir, message.format, this.context.blind());
        return;
    }
  }

  private postReport(): void {
    if (this.isDisposed) return;
    let report: ValidationReport;
    try {
      report = buildValidationReport(this.runDir);
    } catch (error) {
      this.host.log.error(`statistics: could not read ${this.runDir}: ${errorMessage(error)}`);
      this.post({ type: 'error', message: `Could not read the run: ${errorMessage(error)}` });
      return;
    }
    this.panel.title = `Statistics: ${report.run.model ?? report.run.id}`;
    this.post(statisticsMessage(report, this.runDir, this.context.blind()));
  }
}
