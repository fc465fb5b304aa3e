import * as vscode from 'vscode';
import * as z from 'zod';
import { type HostMessage, type WebviewMessage } from '../../core/protocol/review';
import { webviewMessageSchemaFor } from '../../core/review/incomingMessages';
import { AdjudicationWriter, type LogProblem } from '../../core/adjudication/adjudicationLog';
import { type AnnotatorState, hallucinationCategoriesFor } from '../../core/adjudication/event';
import { newAdjudicationEvent } from '../../core/adjudication/newEvent';
import { ReviewSession } from '../../core/review/reviewSession';
import { reviewTitle } from '../../core/review/reviewTitle';
import { benchmarkOf } from '../../core/benchmarks/registry';
import { errorMessage } from '../../core/util/errors';
import { REVIEW_VIEW_TYPE } from '../commandIds';
import { RunPanel, RunPanels, createRunWebviewPanel, restoreRunPanel } from '../panels/runPanel';
import { type RunFileChange } from '../panels/runWatcher';
import { openLink } from './openLink';
import { runReviewCommand } from './reviewCommands';
import { sendOpening } from './openingSender';
import { SkippedLines } from './skippedLines';
import { type ReviewContext } from './reviewContext';
import { benchmarkBasicsOf } from '../../core/benchmarks/registryBasics';

export type { ReviewContext } from './reviewContext';

/** What the serializer keeps of a panel across reloads: which run, which item. */
export const PersistedPanelSchema = z.object({ runDir: z.string().min(1), itemId: z.string().nullable().optional() });

/**
 * One review panel per run folder. The host owns the data: it reads the run, appends each decision to
 * adjudications.jsonl at once (never touching results.jsonl), follows the log for others' decisions, and
 * pushes rows, scores and item details to the webview.
 */
export class ReviewPanel extends RunPanel<WebviewMessage, HostMessage> {
  private static readonly panels = new RunPanels<ReviewPanel>();

  /** The run's session and its log's writer, once the run is open (see `opened`). */
  private run: { session: ReviewSession; readonly writer: AdjudicationWriter } | undefined;
  /**
   * Whether the run opened. The open waits for the next turn of the event loop, so that VS Code has the
   * page's HTML and loads the webview while the run is read; messages wait for it ('ready' is answered once
   * the run is there).
   */
  private readonly opened: Promise<boolean>;
  private selected: string | null;
  private annotator: string;
  private annotatorConfirmed = false;
  private readonly skipped: SkippedLines;
  /** Counts the inits sent: a chunk stream of an earlier one stops when a newer one starts. */
  private initGeneration = 0;

  /**
   * Opens the run's review, or brings its panel forward. `preserveFocus` is for reveals the user did not ask
   * for at that moment (a run ending): focus moving to the panel would close a quick pick they are typing in.
   */
  static show(context: ReviewContext, runDir: string, itemId?: string, preserveFocus = false): ReviewPanel {
    const existing = ReviewPanel.panels.get(runDir);
    if (existing !== undefined) {
      existing.reveal(preserveFocus);
      if (itemId !== undefined) existing.select(itemId);
      return existing;
    }
    return new ReviewPanel(
      context,
      createRunWebviewPanel(REVIEW_VIEW_TYPE, 'Review', context.extensionUri),
      runDir,
      itemId ?? null,
      (error) => `Eval Adjudicator: ${errorMessage(error)}`,
    );
  }

  /** Brings back a panel after a window reload, from the state the webview persisted. */
  static restore(context: ReviewContext, panel: vscode.WebviewPanel, state: unknown): void {
    restoreRunPanel(
      context,
      'review',
      panel,
      state,
      PersistedPanelSchema,
      (restored) =>
        new ReviewPanel(
          context,
          panel,
          restored.runDir,
          restored.itemId ?? null,
          (error) => `Eval Adjudicator: could not reopen ${restored.runDir}: ${errorMessage(error)}`,
        ),
    );
  }

  /** Blind review went on or off in the window (the setting, or a panel's toggle): every open panel follows. */
  static blindChanged(on: boolean): void {
    for (const panel of ReviewPanel.panels.values()) if (!panel.isDisposed) panel.post({ type: 'reviewOptions', blind: on });
  }

  static activeRunDir(): string | undefined {
    return ReviewPanel.panels.activeRunDir();
  }

  private constructor(
    private readonly context: ReviewContext,
    panel: vscode.WebviewPanel,
    runDir: string,
    selected: string | null,
    openFailure: (error: unknown) => string,
  ) {
    super(context, panel, runDir, { name: 'review', script: 'webview.js', incoming: webviewMessageSchemaFor(runDir) }, ReviewPanel.panels);
    this.annotator = context.annotator();
    this.skipped = new SkippedLines((message) => context.log.warn(message));
    this.selected = selected;
    panel.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'activity-bar.svg');
    this.start();
    // A timer rather than setImmediate: VS Code's extension host writes its messages (the HTML just set) on a
    // timer of its own, which runs first; a 100 000-item run then opens while the webview loads.
    this.opened = new Promise((resolve) => setTimeout(() => resolve(this.openRun(openFailure)), 0));
  }

  /** Reads the run (results index, adjudication log); on failure the user is told why and the panel closes. */
  private openRun(openFailure: (error: unknown) => string): boolean {
    if (this.isDisposed) return false;
    try {
      const opened = ReviewSession.open(this.runDir, this.annotator, { searchInRows: false });
      this.run = { session: opened.session, writer: AdjudicationWriter.open(opened.session.paths.adjudications) };
      this.reportProblems(opened.problems, false);
    } catch (error) {
      this.context.log.error(`review: could not open ${this.runDir}: ${errorMessage(error)}`);
      void vscode.window.showErrorMessage(openFailure(error));
      this.dispose();
      return false;
    }
    if (this.writer.tornLineMovedTo !== undefined) {
      void vscode.window.showWarningMessage(
        `adjudications.jsonl ended in a torn line (a crash mid-write); its bytes were moved to ${this.writer.tornLineMovedTo}.`,
      );
    }
    this.panel.title = reviewTitle(this.session.runHeader());
    if (benchmarkOf(this.session.manifest.benchmark).review.aid !== undefined) void this.loadAid();
    return true;
  }

  private get session(): ReviewSession {
    if (this.run === undefined) throw new Error('the run is not open yet');
    return this.run.session;
  }

  private get writer(): AdjudicationWriter {
    if (this.run === undefined) throw new Error('the run is not open yet');
    return this.run.writer;
  }

  /** An aid may need a download: the panel opens without it and picks it up when it arrives (rows do not show it; details and searches do). */
  private async loadAid(): Promise<void> {
    const aid = await this.context.reviewAid(this.session.manifest.benchmark);
    if (aid === null || this.isDisposed) return;
    this.session.setAid(aid);
    if (this.selected !== null) this.post({ type: 'item', detail: this.session.detail(this.selected, this.canUndo()) });
  }

  override dispose(): void {
    if (this.isDisposed) return;
    void this.run?.writer.close();
    super.dispose();
  }

  private select(itemId: string): void {
    if (this.run === undefined) {
      // Still opening: the init will show it.
      this.selected = itemId;
      return;
    }
    if (!this.session.hasItem(itemId)) return;
    this.selected = itemId;
    this.post({ type: 'item', detail: this.session.detail(itemId, this.canUndo()) });
  }

  protected errorReply(text: string, cause: WebviewMessage | undefined): HostMessage {
    const requestId = cause !== undefined && 'requestId' in cause ? cause.requestId : undefined;
    return { type: 'error', message: text, ...(requestId !== undefined ? { requestId } : {}) };
  }

  protected async handle(message: WebviewMessage): Promise<void> {
    // A run that could not be opened closed the panel (the user was told why).
    if (!(await this.opened)) return;
    switch (message.type) {
      case 'ready':
        this.postInit();
        return;
      case 'select':
        if (!this.session.hasItem(message.itemId)) throw new Error(`no item "${message.itemId}" in this run`);
        this.select(message.itemId);
        return;
      case 'adjudicate':
        await this.adjudicate(message.itemId, message.decision, message.blind, message.criterion);
        this.post({ type: 'saved', itemId: message.itemId, requestId: message.requestId });
        return;
      case 'undo': {
        // The annotator's last event not yet taken back, from the log: undo goes on working after a reload.
        const step = this.session.lastUndo();
        if (step === undefined) throw new Error('nothing to undo');
        await this.append(step.itemId, step.previous, step.blind, step.criterion, step.undoes);
        this.post({ type: 'saved', itemId: step.itemId, requestId: message.requestId });
        this.select(step.itemId);
        return;
      }
      case 'openLink':
        await openLink(message.url);
        return;
      case 'command':
        await runReviewCommand(message.command, this.context, this.runDir, this.session.manifest, () =>
          this.onFilesChanged(new Set(['results', 'adjudications'])),
        );
        return;
      case 'search':
        this.post({ type: 'searchResult', query: message.query, ids: this.session.search(message.query) });
        return;
      case 'blindState':
        this.context.setBlind(message.on);
        return;
    }
  }

  private async adjudicate(
    itemId: string,
    decision: AnnotatorState,
    blind: boolean | undefined,
    criterion: string | undefined,
  ): Promise<void> {
    if (!this.session.hasItem(itemId)) throw new Error(`no item "${itemId}" in this run`);
    await this.confirmAnnotator();
    await this.append(itemId, decision, blind, criterion);
  }

  /** Before the first decision: a name the user chose, not a login name taken silently (e.g. "root"). */
  private async confirmAnnotator(): Promise<void> {
    if (this.annotatorConfirmed || this.context.confirmAnnotator === undefined) return;
    const name = await this.context.confirmAnnotator();
    if (name === null)
      throw new Error('No annotator name: the decision was not recorded. Set one with "Eval Adjudicator: Set Annotator Name…".');
    this.annotatorConfirmed = true;
    // A context that cannot ask (tests' stand-ins) answers nothing: the name stays.
    if (typeof name !== 'string' || name.trim() === '' || name === this.annotator) return;
    this.annotator = name;
    const reopened = ReviewSession.open(this.runDir, name, { searchInRows: false });
    this.reportProblems(reopened.problems, true);
    this.run = { session: reopened.session, writer: this.writer };
    if (benchmarkOf(this.session.manifest.benchmark).review.aid !== undefined) void this.loadAid();
    this.postInit();
  }

  private async append(
    itemId: string,
    state: AnnotatorState,
    blind: boolean | undefined,
    criterion: string | undefined,
    undoes?: string,
  ): Promise<void> {
    const current = this.session.currentLine(itemId);
    if (current === undefined) throw new Error(`item ${itemId} has no result yet`);
    const event = newAdjudicationEvent({
      itemId,
      annotator: this.annotator,
      role: this.context.role(),
      state,
      current,
      ...(criterion === undefined ? {} : { criterion }),
      ...(blind !== undefined ? { blind } : {}),
      ...(undoes === undefined ? {} : { undoes }),
    });
    await this.writer.append([event]);
    this.refreshAfterWrite(itemId);
    this.context.onDidAdjudicate();
  }

  private refreshAfterWrite(itemId: string): void {
    const update = this.session.readTail();
    this.reportProblems(update.problems, update.reset);
    this.post({ type: 'rows', header: this.session.header(), rows: update.changedRows });
    if (this.selected === itemId) this.post({ type: 'item', detail: this.session.detail(itemId, this.canUndo()) });
  }

  protected onFilesChanged(changed: ReadonlySet<RunFileChange>): void {
    // Before the run is open there is nothing to refresh: the open reads the files as they are then.
    if (this.isDisposed || this.run === undefined) return;
    try {
      const update = this.session.takeChanges(changed.has('results'));
      this.reportProblems(update.problems, update.reset);
      if (update.run === undefined && update.rows.length === 0) return;
      const run = update.run === undefined ? {} : { run: update.run };
      this.post({ type: 'rows', header: this.session.header(), rows: update.rows, ...run });
      if (this.selected !== null) this.post({ type: 'item', detail: this.session.detail(this.selected, this.canUndo()) });
    } catch (error) {
      this.context.log.error(`review: could not reread ${this.runDir}: ${errorMessage(error)}`);
    }
  }

  /** The header, a screen of rows and the item shown first at once; the other rows in chunks, a task each. */
  private postInit(): void {
    const generation = ++this.initGeneration;
    const options = {
      selectedItemId: this.selected,
      role: this.context.role(),
      categories: hallucinationCategoriesFor(benchmarkBasicsOf(this.session.manifest.benchmark)),
      blind: this.context.blindReview(),
      canUndo: this.canUndo(),
    };
    sendOpening(this.session, options, this.skipped.size > 0 ? this.skipped.message() : null, {
      post: (message) => this.post(message),
      wanted: () => !this.isDisposed && generation === this.initGeneration,
      failed: (error) => this.context.log.error(`review: could not send the rows of ${this.runDir}: ${errorMessage(error)}`),
    });
  }

  private canUndo(): boolean {
    return this.run !== undefined && this.session.lastUndo() !== undefined;
  }

  /** Logs newly skipped lines and shows the panel's warning bar; a reset (the log read again) starts afresh. */
  private reportProblems(problems: readonly LogProblem[], reset: boolean): void {
    if (this.skipped.report(problems, reset)) this.post(this.skipped.message());
  }
}
