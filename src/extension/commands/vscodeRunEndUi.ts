import * as vscode from 'vscode';
import { errorMessage } from '../../core/util/errors';
import { showExtensionError } from '../dataSources';
import { type RunEndUi } from './runEnd';

/** The run end's port in VS Code: notifications (a cancellable progress one), the extension's log. */
export function vscodeRunEndUi(log: vscode.LogOutputChannel): RunEndUi {
  return {
    progress: (title, task) =>
      Promise.resolve(
        vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort(new Error('cancelled')));
          return task(
            (message, increment) => progress.report({ message, ...(increment !== undefined ? { increment } : {}) }),
            controller.signal,
          );
        }),
      ),
    warning: (message, ...buttons) => Promise.resolve(vscode.window.showWarningMessage(message, ...buttons)),
    info: async (message) => {
      await vscode.window.showInformationMessage(message);
    },
    error: async (error, ...buttons) => {
      if (buttons.length === 0) {
        await showExtensionError(error);
        return undefined;
      }
      return vscode.window.showErrorMessage(`Eval Adjudicator: ${errorMessage(error)}`, ...buttons);
    },
    log: (line, level) => (level === 'error' ? log.error(line) : log.info(line)),
  };
}
