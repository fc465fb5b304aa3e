import * as vscode from 'vscode';
import { Disposable } from '../disposable';

export const READ_ONLY_SCHEME = 'eval-adjudicator-view';

/**
 * Texts the review panel shows in an editor without letting them be edited or saved (a judge template, a
 * run's scoring settings): a content provider's documents are read-only.
 */
export class ReadOnlyDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(READ_ONLY_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  async show(name: string, text: string, language: string): Promise<void> {
    const uri = vscode.Uri.from({ scheme: READ_ONLY_SCHEME, path: `/${name.replace(/[\\/]+/g, '-')}` });
    const before = this.texts.get(uri.toString());
    this.texts.set(uri.toString(), text);
    if (before !== undefined && before !== text) this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(document, language);
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: false });
  }
}
