import { resolve } from 'node:path';
import * as vscode from 'vscode';
import * as z from 'zod';
import { gitUserName } from '../core/adjudication/annotatorName';
import { AnnotatorIdentity } from './annotatorIdentity';
import { type ReviewAid } from '../core/contract/benchmark';
import { benchmarkOf } from '../core/benchmarks/registry';
import { type ResolveOptions } from '../core/data/resolveSourceFile';
import { errorMessage } from '../core/util/errors';
import { ApiKeys } from './apiKeys';
import { COMMAND_IDS, REVIEW_VIEW_TYPE, RUNS_VIEW_ID, STATISTICS_VIEW_TYPE } from './commandIds';
import {
  askAnnotatorName,
  exportAdjudicatedCommand,
  importOfficialCommand,
  openRunFolder,
  pickRunFolder,
  setAnnotatorNameCommand,
  setApiKeyCommand,
} from './commands/runCommands';
import { startRunCommand } from './commands/startRunCommand';
import { type RunActionsDeps, continueRunFromView, deleteRunFromView } from './commands/runActions';
import { RESUME, RETRY_ERRORS } from './commands/runEnd';
import { runActionsDeps, vscodeRunActionsUi } from './commands/runsViewCommands';
import { extensionSources, showExtensionError } from './dataSources';
import { Disposable } from './disposable';
import { ReadOnlyDocuments } from './review/readOnlyDocuments';
import { type ReviewContext, ReviewPanel } from './review/reviewPanel';
import { RunsTreeProvider } from './runsTree';
import { type StatisticsContext, StatisticsPanel } from './stats/statisticsPanel';
import { affectsSettings, readSettings } from './settings';
import { WindowBlind } from './windowBlind';

const RestoredRunSchema = z.object({ runDir: z.string().min(1) });

const OPENED_RUNS_KEY = 'evalAdjudicator.openedRuns';

class EvalAdjudicatorExtension extends Disposable {
  private readonly log = this._register(vscode.window.createOutputChannel('Eval Adjudicator', { log: true }));
  private readonly apiKeys: ApiKeys;
  private readonly tree: RunsTreeProvider;
  private readonly review: ReviewContext;
  private readonly statistics: StatisticsContext;
  private readonly blind = new WindowBlind(
    () => readSettings().blindReview,
    (on) => {
      ReviewPanel.blindChanged(on);
      StatisticsPanel.blindChanged();
      this.tree.refresh();
    },
  );
  /** Each benchmark's review aid, loaded once per data directory. */
  private readonly reviewAids = new Map<string, Promise<ReviewAid | null>>();
  private readonly identity = new AnnotatorIdentity({
    configured: () => readSettings().annotatorName,
    env: process.env,
    gitName: () => gitUserName(process.env, vscode.workspace.workspaceFolders?.[0]?.uri.fsPath),
    ask: (gitName) => askAnnotatorName(gitName),
  });

  constructor(private readonly context: vscode.ExtensionContext) {
    super();
    this.apiKeys = new ApiKeys(context.secrets);
    this.tree = this._register(
      new RunsTreeProvider(
        () => context.workspaceState.get<string[]>(OPENED_RUNS_KEY) ?? [],
        () => this.blind.on,
      ),
    );
    this._register(vscode.window.createTreeView(RUNS_VIEW_ID, { treeDataProvider: this.tree, showCollapseAll: false }));
    this.review = {
      extensionUri: context.extensionUri,
      log: this.log,
      annotator: () => this.annotatorName(),
      confirmAnnotator: () => this.confirmAnnotator(),
      role: () => readSettings().role,
      onDidAdjudicate: () => this.tree.refreshSoon(),
      setBlind: (on) => this.blind.set(on),
      exportRun: (dir) => exportAdjudicatedCommand(dir),
      blindReview: () => this.blind.on,
      guidelinesFile: () => readSettings().guidelinesFile,
      storageDir: context.globalStorageUri.fsPath,
      sources: () => this.sources(),
      reviewAid: (benchmark) => this.loadReviewAid(benchmark),
      documents: this._register(new ReadOnlyDocuments()),
    };
    this.statistics = { extensionUri: context.extensionUri, log: this.log, blind: () => this.blind.on };
    this._register(
      vscode.window.registerWebviewPanelSerializer(STATISTICS_VIEW_TYPE, {
        deserializeWebviewPanel: (panel, state: unknown) => {
          if (this.isKnownRun(panel, state)) StatisticsPanel.restore(this.statistics, panel, state);
          return Promise.resolve();
        },
      }),
    );
    this._register(
      vscode.window.registerWebviewPanelSerializer(REVIEW_VIEW_TYPE, {
        deserializeWebviewPanel: (panel, state: unknown) => {
          if (this.isKnownRun(panel, state)) ReviewPanel.restore(this.review, panel, state);
          return Promise.resolve();
        },
      }),
    );
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!affectsSettings(e)) return;
        this.tree.refresh();
        if (e.affectsConfiguration('evalAdjudicator.blindReview')) this.blind.settingChanged();
        if (e.affectsConfiguration('evalAdjudicator.dataDirectory')) this.reviewAids.clear();
      }),
    );
    this.registerCommands();
  }

  private registerCommands(): void {
    const register = (id: string, run: (...args: unknown[]) => unknown): void => {
      this._register(
        vscode.commands.registerCommand(id, async (...args: unknown[]) => {
          try {
            await run(...args);
          } catch (error) {
            this.log.error(`${id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
            void showExtensionError(error);
          }
        }),
      );
    };
    register(COMMAND_IDS.startRun, () =>
      startRunCommand({
        apiKeys: this.apiKeys,
        memory: this.context.globalState,
        log: this.log,
        openReview: (dir) => ReviewPanel.show(this.review, dir, undefined, true),
        onRunsChanged: () => this.tree.refresh(),
        runtimeDirs: [this.context.globalStorageUri.fsPath],
      }),
    );
    register(COMMAND_IDS.openRun, async () => {
      const dir = await openRunFolder();
      if (dir === undefined) return;
      const opened = new Set(this.context.workspaceState.get<string[]>(OPENED_RUNS_KEY) ?? []);
      opened.add(dir);
      await this.context.workspaceState.update(OPENED_RUNS_KEY, [...opened]);
      this.tree.refresh();
      ReviewPanel.show(this.review, dir);
    });
    register(COMMAND_IDS.reviewRun, async (arg) => {
      const dir = await pickRunFolder(arg, this.tree, undefined);
      if (dir !== undefined) ReviewPanel.show(this.review, dir);
    });
    register(COMMAND_IDS.exportAdjudicated, async (arg) => {
      const dir = await pickRunFolder(arg, this.tree, ReviewPanel.activeRunDir() ?? StatisticsPanel.activeRunDir());
      if (dir !== undefined) await exportAdjudicatedCommand(dir);
    });
    register(COMMAND_IDS.importOfficialResults, async () => {
      const dir = await importOfficialCommand();
      if (dir === undefined) return;
      this.tree.refresh();
      ReviewPanel.show(this.review, dir);
    });
    register(COMMAND_IDS.setApiKey, () => setApiKeyCommand(this.apiKeys, this.context.globalState));
    register(COMMAND_IDS.setAnnotatorName, () => setAnnotatorNameCommand(this.annotatorName()));
    register(COMMAND_IDS.refreshRuns, () => this.tree.refresh());
    const runActions = (): RunActionsDeps =>
      runActionsDeps({
        apiKeys: this.apiKeys,
        runtimeDirs: [this.context.globalStorageUri.fsPath],
        onRunsChanged: () => this.tree.refresh(),
      });
    register(COMMAND_IDS.resumeRun, async (arg) => {
      const dir = await pickRunFolder(arg, this.tree, undefined);
      if (dir !== undefined) await continueRunFromView(vscodeRunActionsUi(this.log), runActions(), dir, RESUME);
    });
    register(COMMAND_IDS.retryRunErrors, async (arg) => {
      const dir = await pickRunFolder(arg, this.tree, undefined);
      if (dir !== undefined) await continueRunFromView(vscodeRunActionsUi(this.log), runActions(), dir, RETRY_ERRORS);
    });
    register(COMMAND_IDS.deleteRun, async (arg) => {
      const dir = await pickRunFolder(arg, this.tree, undefined);
      if (dir !== undefined) await deleteRunFromView(vscodeRunActionsUi(this.log), runActions(), dir);
    });
    register(COMMAND_IDS.showStatistics, async (arg) => {
      const dir = await pickRunFolder(arg, this.tree, StatisticsPanel.activeRunDir() ?? ReviewPanel.activeRunDir());
      if (dir !== undefined) StatisticsPanel.show(this.statistics, dir);
    });
  }

  private sources(): ResolveOptions {
    return extensionSources();
  }

  /** A benchmark's review aid (English glosses…): resolved like the dataset, once; optional, so a failure only logs. */
  private loadReviewAid(id: string): Promise<ReviewAid | null> {
    let aid = this.reviewAids.get(id);
    if (aid === undefined) {
      const benchmark = benchmarkOf(id);
      const load = benchmark.review.aid;
      aid =
        load === undefined
          ? Promise.resolve(null)
          : load.load(this.sources()).catch((error: unknown) => {
              this.log.info(`The review aid of ${benchmark.title} is not available: ${errorMessage(error)}`);
              return null;
            });
      this.reviewAids.set(id, aid);
    }
    return aid;
  }

  /**
   * A panel comes back only for a run folder this workspace knows (under a runs directory, or opened by
   * hand): the state it is restored from is written by the webview, so it is not trusted to name a folder.
   */
  private isKnownRun(panel: vscode.WebviewPanel, state: unknown): boolean {
    const runDir = RestoredRunSchema.safeParse(state);
    if (runDir.success && this.tree.runFolders().some((dir) => resolve(dir) === resolve(runDir.data.runDir))) return true;
    this.log.warn('a panel asked to reopen a folder that is not a known run; it was closed');
    panel.dispose();
    return false;
  }

  /** The name decisions are recorded under; asked for once, at the first decision, when none is set. */
  private confirmAnnotator(): Promise<string | null> {
    return this.identity.confirm();
  }

  /** Empty until a name is set or given (the review header then says it will be asked). */
  private annotatorName(): string {
    return this.identity.current();
  }
}

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(new EvalAdjudicatorExtension(context));
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
