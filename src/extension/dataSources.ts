import * as vscode from 'vscode';
import { userCacheDir } from '../core/data/cacheDir';
import { DataSourceError, type ResolveOptions, dataDirFrom } from '../core/data/resolveSourceFile';
import { errorMessage } from '../core/util/errors';
import { readSettings } from './settings';

export const DATA_DIRECTORY_SETTING = 'evalAdjudicator.dataDirectory';

/** The extension's words for naming a data directory: its setting, not the CLI's `--data`. */
export const EXTENSION_DATA_DIR_ADVICE = `set the Data Directory setting (${DATA_DIRECTORY_SETTING}) to`;

export const OPEN_DATA_SETTING = 'Open Data Directory Setting';

/** Where the extension finds the official files: the Data Directory setting (or EVAL_ADJUDICATOR_DATA), else the cache. */
export function extensionSources(dataDirectory = readSettings().dataDirectory): ResolveOptions {
  return { dataDir: dataDirFrom(dataDirectory || undefined), cacheDir: userCacheDir(), dataDirAdvice: EXTENSION_DATA_DIR_ADVICE };
}

/** Shows an error; one about a missing or refused official file offers to open the Data Directory setting. */
export async function showExtensionError(error: unknown): Promise<void> {
  const message = `Eval Adjudicator: ${errorMessage(error)}`;
  if (!(error instanceof DataSourceError)) {
    await vscode.window.showErrorMessage(message);
    return;
  }
  const choice = await vscode.window.showErrorMessage(message, OPEN_DATA_SETTING);
  if (choice === OPEN_DATA_SETTING) await vscode.commands.executeCommand('workbench.action.openSettings', DATA_DIRECTORY_SETTING);
}

export const CHOOSE_DATA_FOLDER = 'Choose Data Folder…';

/**
 * Start Run's offer when a benchmark's data cannot be had: a modal error with a button that picks a folder
 * and makes it the Data Directory setting (where it is set now: the workspace's, else the user's).
 */
export async function chooseDataFolder(message: string): Promise<string | undefined> {
  const choice = await vscode.window.showErrorMessage(message, { modal: true }, CHOOSE_DATA_FOLDER);
  if (choice !== CHOOSE_DATA_FOLDER) return undefined;
  const picked = await vscode.window.showOpenDialog({
    title: 'Data folder: local copies of the official files (see the Data Directory setting)',
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
  });
  const folder = picked?.[0]?.fsPath;
  if (folder === undefined) return undefined;
  const inspected = vscode.workspace.getConfiguration().inspect<string>(DATA_DIRECTORY_SETTING);
  const target = inspected?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration().update(DATA_DIRECTORY_SETTING, folder, target);
  return folder;
}
