import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { type RunSummary, summarizeRun } from '../core/runs/summarizeRun';
import { errorMessage } from '../core/util/errors';
import { COMMAND_IDS } from './commandIds';
import { Disposable } from './disposable';
import { runsDirectories } from './settings';

export class RunNode {
  constructor(
    readonly dir: string,
    readonly summary: RunSummary | undefined,
    readonly problem: string | undefined,
  ) {}
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The Runs view: every run folder under the runs directory of each workspace folder, and runs opened by hand. */
export class RunsTreeProvider extends Disposable implements vscode.TreeDataProvider<RunNode> {
  private readonly changed = this._register(new vscode.EventEmitter<RunNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly extraRuns: () => readonly string[]) {
    super();
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/{run.json,results.jsonl,adjudications.jsonl}'));
    for (const event of [watcher.onDidChange, watcher.onDidCreate, watcher.onDidDelete]) this._register(event(() => this.refreshSoon()));
    this._register({ dispose: () => this.timer && clearTimeout(this.timer) });
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
    return this.runFolders().map((dir) => {
      try {
        return new RunNode(dir, summarizeRun(dir), undefined);
      } catch (error) {
        return new RunNode(dir, undefined, errorMessage(error));
      }
    });
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
    const done = s.items - s.automatic.counts.missing;
    const progress = done === s.items ? `${s.items} items` : `${done}/${s.items}`;
    item.description = `${s.benchmark} · ${progress} · auto ${pct(s.automatic.accuracy)} · adj ${pct(s.adjudicated.accuracy)}`;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.isTrusted = false;
    tooltip.appendMarkdown(`**${escapeMarkdown(s.model ?? 'model')}** on ${s.benchmark} (${s.status})\n\n`);
    tooltip.appendMarkdown(`- automatic: ${pct(s.automatic.accuracy)} (true ${s.automatic.counts.true}, false ${s.automatic.counts.false}, null ${s.automatic.counts.null}, error ${s.automatic.counts.error}, missing ${s.automatic.counts.missing})\n`);
    tooltip.appendMarkdown(`- adjudicated: ${pct(s.adjudicated.accuracy)} (${s.adjudicated.items} items decided, ${s.adjudicated.conflicts} conflicts, ${s.adjudicated.stale} stale, ${s.adjudicated.flagged} flagged)\n`);
    if (s.judge) tooltip.appendMarkdown(`- judge: ${escapeMarkdown(s.judge)}\n`);
    tooltip.appendMarkdown(`\n\`${escapeMarkdown(node.dir)}\``);
    item.tooltip = tooltip;
    item.iconPath = new vscode.ThemeIcon(s.status === 'running' ? 'sync' : s.automatic.counts.error > 0 ? 'warning' : s.adjudicated.items > 0 ? 'pass-filled' : 'circle-large-outline');
    return item;
  }
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}
