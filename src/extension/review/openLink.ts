import * as vscode from 'vscode';

/** Opens an http(s) link from the page; VS Code asks before opening a domain the user has not trusted (its link protection). */
export async function openLink(url: string): Promise<void> {
  if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) throw new Error('only http and https links are opened');
  await vscode.env.openExternal(vscode.Uri.parse(url, true));
}
