import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import { benchmarkOf } from '../../core/benchmarks/registry';

/** A benchmark without guidelines of its own gets this page. */
function noGuidelines(title: string): string {
  return `# ${title}\n\nNo annotation guidelines ship with this benchmark. Set *Eval Adjudicator: Guidelines File* (\`evalAdjudicator.guidelinesFile\`) to your team's Markdown file.\n`;
}

/**
 * The benchmark's own guidelines as a file under the extension's storage (a Markdown preview needs one),
 * rewritten only when its text changed.
 */
function shippedGuidelines(storageDir: string, benchmark: string): vscode.Uri {
  const { title, guidelines } = benchmarkOf(benchmark);
  const text = guidelines ?? noGuidelines(title);
  const dir = join(storageDir, 'guidelines');
  const file = join(dir, `${benchmark}.md`);
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, text);
  }
  return vscode.Uri.file(file);
}

/**
 * The annotation guidelines of a benchmark: the team's file (evalAdjudicator.guidelinesFile, `{benchmark}`
 * replaced, relative to the first workspace folder), else the ones the benchmark ships.
 */
export function guidelinesUri(storageDir: string, benchmark: string, configured: string): { uri: vscode.Uri; problem?: string } {
  const path = configured.trim().replace(/\{benchmark\}/g, benchmark);
  if (path === '') return { uri: shippedGuidelines(storageDir, benchmark) };
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const absolute = isAbsolute(path) || root === undefined ? path : join(root, path);
  if (!existsSync(absolute))
    return {
      uri: shippedGuidelines(storageDir, benchmark),
      problem: `evalAdjudicator.guidelinesFile: ${absolute} does not exist; showing the default guidelines.`,
    };
  return { uri: vscode.Uri.file(absolute) };
}

export async function showGuidelines(storageDir: string, benchmark: string, configured: string): Promise<void> {
  const { uri, problem } = guidelinesUri(storageDir, benchmark, configured);
  if (problem !== undefined) void vscode.window.showWarningMessage(problem);
  // A tab of its own in the review's group: opened beside, it would squeeze the review's list to a row or two.
  await vscode.commands.executeCommand('markdown.showPreview', uri);
}
