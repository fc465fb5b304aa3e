import * as vscode from 'vscode';
import { type PickItem, type StartRunUi } from '../../core/startRunSteps/startRunUi';
import { type ApiKeys } from '../apiKeys';
import { chooseDataFolder, extensionSources } from '../dataSources';
import { readSettings } from '../settings';

/** A quick-pick entry that carries the value it stands for (VS Code shows label and description only). */
interface ValueItem<T> extends vscode.QuickPickItem {
  readonly value: T;
}

function quickPickItem<T>(item: PickItem<T>, many: boolean): ValueItem<T> {
  return {
    label: item.label,
    ...(item.description !== undefined ? { description: item.description } : {}),
    ...(many && item.picked !== undefined ? { picked: item.picked } : {}),
    value: item.value,
  };
}

/** Start Run's port in VS Code: quick picks and input boxes that stay open on focus loss, the workspace memento, secret storage. */
export function vscodeStartRunUi(memory: vscode.Memento, apiKeys: ApiKeys): StartRunUi {
  return {
    pickOne: async (title, items) =>
      (
        await vscode.window.showQuickPick(
          items.map((i) => quickPickItem(i, false)),
          { title, ignoreFocusOut: true },
        )
      )?.value,
    pickMany: async (title, items) =>
      (
        await vscode.window.showQuickPick(
          items.map((i) => quickPickItem(i, true)),
          { title, canPickMany: true, ignoreFocusOut: true },
        )
      )?.map((p) => p.value),
    input: (options) =>
      Promise.resolve(
        vscode.window.showInputBox({
          title: options.title,
          ...(options.prompt !== undefined ? { prompt: options.prompt } : {}),
          ...(options.value !== undefined ? { value: options.value } : {}),
          ...(options.password === true ? { password: true } : {}),
          ignoreFocusOut: true,
          ...(options.validate !== undefined ? { validateInput: options.validate } : {}),
        }),
      ),
    openFile: async (options) => {
      const files = await vscode.window.showOpenDialog({
        title: options.title,
        canSelectMany: false,
        filters: Object.fromEntries(Object.entries(options.filters).map(([name, extensions]) => [name, [...extensions]])),
        ...(options.defaultPath !== undefined ? { defaultUri: vscode.Uri.file(options.defaultPath) } : {}),
      });
      return files?.[0]?.fsPath;
    },
    showProblem: (message) => void vscode.window.showErrorMessage(message),
    remembered: (key) => {
      const value = memory.get<unknown>(key);
      return typeof value === 'string' ? value : undefined;
    },
    remember: (key, value) => Promise.resolve(memory.update(key, value)),
    settings: () => readSettings(),
    dataSources: () => extensionSources(),
    chooseDataFolder,
    working: (title, task) => Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, task)),
    workspaceRoot: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    env: process.env,
    storedKey: async (endpoint) => (await apiKeys.get(endpoint))?.key,
    storeKey: (endpoint, key) => Promise.resolve(apiKeys.store(endpoint, key)),
  };
}
