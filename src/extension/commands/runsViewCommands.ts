import * as vscode from 'vscode';
import { type Endpoint } from '../../core/model/endpoint';
import { type OutageEvent } from '../../core/model/outageGate';
import { type StartRunEnvironment } from '../../core/startRunSteps/startRunUi';
import { readSettings } from '../settings';
import { type RunActionsDeps, type RunActionsUi } from './runActions';
import { type StartRunDeps, endpointEnvironment, localEnvironment, localFolders } from './startRunCommand';
import { vscodeRunEndUi } from './vscodeRunEndUi';

/** The Runs view's actions' port in VS Code: the run end's notifications and a modal confirmation. */
export function vscodeRunActionsUi(log: vscode.LogOutputChannel): RunActionsUi {
  return {
    ...vscodeRunEndUi(log),
    confirm: async (message, button) => (await vscode.window.showWarningMessage(message, { modal: true }, button)) === button,
  };
}

/** Environments as Start Run makes them: the settings, the endpoint's stored key (or its environment variable). */
export function runActionsDeps(deps: Pick<StartRunDeps, 'apiKeys' | 'runtimeDirs' | 'onRunsChanged'>): RunActionsDeps {
  return {
    environmentFor: async (model: Endpoint) => {
      const settings = readSettings();
      if (model.provider === 'local')
        return (onOutage: (event: OutageEvent) => void): StartRunEnvironment => localEnvironment(deps, settings, onOutage);
      const key = (await deps.apiKeys.get(model))?.key;
      return (onOutage) => ({ ...endpointEnvironment(settings, key, onOutage), ...localFolders(deps) });
    },
    onRunsChanged: deps.onRunsChanged,
  };
}
