import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import { type Settings, SettingsSchema } from './settingsSchema';

export type { Settings };

const SECTION = 'evalAdjudicator';

/** The extension's settings, typed; a value of the wrong type falls back to its default. */
export function readSettings(scope?: vscode.Uri): Settings {
  const config = vscode.workspace.getConfiguration(SECTION, scope);
  return SettingsSchema.parse({
    runsDirectory: config.get('runsDirectory'),
    dataDirectory: config.get('dataDirectory'),
    concurrency: config.get('concurrency'),
    cacheResponses: config.get('cacheResponses'),
    annotatorName: config.get('annotatorName'),
    role: config.get('role'),
    blindReview: config.get('blindReview'),
    guidelinesFile: config.get('guidelinesFile'),
    bertscoreModel: config.get('bertscoreModel'),
    bertscoreLayer: config.get('bertscoreLayer') ?? null,
    bleurtModel: config.get('bleurtModel'),
    localModelThreads: config.get('localModelThreads'),
  });
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
