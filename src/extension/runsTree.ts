import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { reviewProgress } from '../core/adjudication/adjudicatedScore';
import { type RunSummary, summarizeRun } from '../core/summary/summarizeRun';
import { errorMessage } from '../core/util/errors';
import { COMMAND_IDS } from './commandIds';
import { Disposable } from './disposable';
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

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** A running run whose results grew this recently is shown as active (a spinning icon). */
export const ACTIVE_WITHIN_MS = 30_000;
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

  constructor(private readonly extraRuns: () => readonly string[]) {
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
    if (nodes.some((n) => n.summary?.status === 'running')) this.liveTimer ??= setTimeout(() => {
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
    const done = s.items - s.automatic.counts.missing;
    const running = s.status === 'running';
    const active = running && node.idleMs <= ACTIVE_WITHIN_MS;
    const percent = s.items === 0 ? 100 : Math.floor((100 * done) / s.items);
    const progress = running ? `${done}/${s.items} (${percent}%)${active ? '' : ', no new result for a while'}` : done === s.items ? `${s.items} items` : `${done}/${s.items}`;
    item.description = `${s.benchmark} · ${progress} · auto ${pct(s.automatic.accuracy)} · adj ${pct(s.adjudicated.accuracy)} · ${s.adjudicated.reviewed}/${s.items} reviewed`;
    const tooltip = new vscode.MarkdownString(undefined, true);
    tooltip.isTrusted = false;
    tooltip.appendMarkdown(`**${escapeMarkdown(s.model ?? 'model')}** on ${s.benchmark} (${s.status})\n\n`);
    if (running) tooltip.appendMarkdown(`- progress: ${done} of ${s.items} items (${percent}%)${active ? '' : `; no new result in the last ${Math.round(ACTIVE_WITHIN_MS / 1000)} s: the run may have stopped (resume it with \`run ${s.benchmark} --resume\`)`}\n`);
    tooltip.appendMarkdown(`- automatic: ${pct(s.automatic.accuracy)} (true ${s.automatic.counts.true}, false ${s.automatic.counts.false}, null ${s.automatic.counts.null}, error ${s.automatic.counts.error}, missing ${s.automatic.counts.missing})\n`);
    tooltip.appendMarkdown(`- reviewed: ${reviewProgress(s.adjudicated, s.items)}\n`);
    tooltip.appendMarkdown(`- adjudicated: ${pct(s.adjudicated.accuracy)} (${s.adjudicated.conflicts} conflicts, ${s.adjudicated.stale} stale, ${s.adjudicated.flagged} flagged)\n`);
    if (s.judge) tooltip.appendMarkdown(`- judge: ${escapeMarkdown(s.judge)}\n`);
    tooltip.appendMarkdown(`\n\`${escapeMarkdown(node.dir)}\``);
    item.tooltip = tooltip;
    item.iconPath = new vscode.ThemeIcon(active ? 'loading~spin' : running ? 'debug-pause' : s.automatic.counts.error > 0 ? 'warning' : s.adjudicated.reviewed > 0 ? 'pass-filled' : 'circle-large-outline');
    return item;
  }
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}
