import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { type RunSummary, summarizeRun } from '../core/reports/summarizeRun';
import { errorMessage } from '../core/util/errors';
import { COMMAND_IDS } from './commandIds';
import { Disposable } from './disposable';
import { runTexts } from './runsTreeText';
import { runsDirectories } from './settings';

export class RunNode {
  constructor(
    readonly dir: string,
    readonly summary: RunSummary | undefined,
    readonly problem: string | undefined,
    /** Milliseconds since results.jsonl (or run.json) last changed. */
    readonly idleMs: number = Number.POSITIVE_INFINITY,
  ) {}
}

/** While a run is running, the view re-reads it this often (runs outside the workspace are not watched). */
const LIVE_REFRESH_MS = 2_000;

function idleMs(dir: string, now: number): number {
  let latest = 0;
  for (const name of ['results.jsonl', 'run.json']) {
    try {
      latest = Math.max(latest, statSync(join(dir, name)).mtimeMs);
    } catch {
      // not there yet
    }
  }
  return latest === 0 ? Number.POSITIVE_INFINITY : Math.max(0, now - latest);
}

/** The Runs view: every run folder under the runs directory of each workspace folder, and runs opened by hand. */
export class RunsTreeProvider extends Disposable implements vscode.TreeDataProvider<RunNode> {
  private readonly changed = this._register(new vscode.EventEmitter<RunNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private timer: NodeJS.Timeout | undefined;
  private liveTimer: NodeJS.Timeout | undefined;

  /** `blind`: blind review is on in the window (the setting or a review panel): no scores are shown. */
  constructor(
    private readonly extraRuns: () => readonly string[],
    private readonly blind: () => boolean = () => false,
  ) {
    super();
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/{run.json,results.jsonl,adjudications.jsonl}'));
    for (const event of [watcher.onDidChange, watcher.onDidCreate, watcher.onDidDelete]) this._register(event(() => this.refreshSoon()));
    this._register({
      dispose: () => {
        if (this.timer !== undefined) clearTimeout(this.timer);
        if (this.liveTimer !== undefined) clearTimeout(this.liveTimer);
      },
    });
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  refreshSoon(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.refresh();
    }, 400);
  }

  runFolders(): string[] {
    const found = new Set<string>();
    for (const root of runsDirectories()) {
      if (!existsSync(root)) continue;
      for (const entry of readdirSync(root, { withFileTypes: true })) {
        if (entry.isDirectory() && existsSync(join(root, entry.name, 'run.json'))) found.add(join(root, entry.name));
      }
    }
    for (const dir of this.extraRuns()) if (existsSync(join(dir, 'run.json'))) found.add(dir);
    return [...found].sort((a, b) => statSync(join(b, 'run.json')).mtimeMs - statSync(join(a, 'run.json')).mtimeMs);
  }

  getChildren(element?: RunNode): RunNode[] {
    if (element !== undefined) return [];
    const now = Date.now();
    const nodes = this.runFolders().map((dir) => {
      try {
        return new RunNode(dir, summarizeRun(dir), undefined, idleMs(dir, now));
      } catch (error) {
        return new RunNode(dir, undefined, errorMessage(error));
      }
    });
    if (nodes.some((n) => n.summary?.status === 'running'))
      this.liveTimer ??= setTimeout(() => {
        this.liveTimer = undefined;
        this.refresh();
      }, LIVE_REFRESH_MS);
    return nodes;
  }

  getTreeItem(node: RunNode): vscode.TreeItem {
    const item = new vscode.TreeItem(node.summary?.model ?? node.dir.split(/[\\/]/).pop() ?? node.dir);
    item.id = node.dir;
    item.resourceUri = vscode.Uri.file(node.dir);
    item.contextValue = 'evalAdjudicator.run';
    item.command = { command: COMMAND_IDS.reviewRun, title: 'Review Run', arguments: [node.dir] };
    const s = node.summary;
    if (s === undefined) {
      item.description = 'unreadable';
      item.tooltip = node.problem ?? '';
      item.iconPath = new vscode.ThemeIcon('warning');
      return item;
    }
    const { description, tooltip: markdown, icon } = runTexts(node.dir, s, node.idleMs, this.blind());
    item.description = description;
    const tooltip = new vscode.MarkdownString(markdown, true);
    tooltip.isTrusted = false;
    item.tooltip = tooltip;
    item.iconPath = new vscode.ThemeIcon(icon);
    return item;
  }
}
