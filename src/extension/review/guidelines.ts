import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';

/**
 * The annotation guidelines of a benchmark: the team's file (evalAdjudicator.guidelinesFile, `{benchmark}`
 * replaced, relative to the first workspace folder), else the defaults shipped in media/guidelines.
 */
export function guidelinesUri(extensionUri: vscode.Uri, benchmark: string, configured: string): { uri: vscode.Uri; problem?: string } {
  const fallback = vscode.Uri.joinPath(extensionUri, 'media', 'guidelines', `${benchmark}.md`);
  const path = configured.trim().replace(/\{benchmark\}/g, benchmark);
  if (path === '') return { uri: fallback };
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const absolute = isAbsolute(path) || root === undefined ? path : join(root, path);
  if (!existsSync(absolute)) return { uri: fallback, problem: `evalAdjudicator.guidelinesFile: ${absolute} does not exist; showing the default guidelines.` };
  return { uri: vscode.Uri.file(absolute) };
}

export async function showGuidelines(extensionUri: vscode.Uri, benchmark: string, configured: string): Promise<void> {
  const { uri, problem } = guidelinesUri(extensionUri, benchmark, configured);
  if (problem !== undefined) void vscode.window.showWarningMessage(problem);
  // A tab of its own in the review's group: opened beside, it would squeeze the review's list to a row or two.
  await vscode.commands.executeCommand('markdown.showPreview', uri);
}
