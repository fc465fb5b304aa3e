import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import { type Settings, SettingsSchema } from './settingsSchema';

export type { Settings };

const SECTION = 'evalAdjudicator';

/** The extension's settings, typed; a value of the wrong type falls back to its default. Every key is settingsSchema.ts's. */
export function readSettings(scope?: vscode.Uri): Settings {
  const config = vscode.workspace.getConfiguration(SECTION, scope);
  return SettingsSchema.parse(Object.fromEntries(Object.keys(SettingsSchema.shape).map((key) => [key, config.get(key)])));
}

export async function updateSetting(key: keyof Settings, value: unknown, target = vscode.ConfigurationTarget.Global): Promise<void> {
  await vscode.workspace.getConfiguration(SECTION).update(key, value, target);
}

/** The runs directory of each workspace folder. */
export function runsDirectories(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).map((folder) => {
    const configured = readSettings(folder.uri).runsDirectory.trim() || 'runs';
    return isAbsolute(configured) ? configured : join(folder.uri.fsPath, configured);
  });
}

export function affectsSettings(event: vscode.ConfigurationChangeEvent): boolean {
  return event.affectsConfiguration(SECTION);
}
