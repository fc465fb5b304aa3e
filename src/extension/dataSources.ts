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
