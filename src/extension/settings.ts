import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import * as z from 'zod';

const SECTION = 'evalAdjudicator';

const SettingsSchema = z.object({
  runsDirectory: z.string().catch('runs'),
  dataDirectory: z.string().catch(''),
  concurrency: z.number().int().min(1).max(256).catch(8),
  cacheResponses: z.boolean().catch(true),
  annotatorName: z.string().catch(''),
  role: z.enum(['annotator', 'adjudicator']).catch('annotator'),
  blindReview: z.boolean().catch(false),
  guidelinesFile: z.string().catch(''),
  bertscoreModel: z.string().catch(''),
  bertscoreLayer: z.number().int().min(0).nullable().catch(null),
  bleurtModel: z.string().catch(''),
  /** 0: llama.cpp's default. */
  localModelThreads: z.number().int().min(0).max(256).catch(0),
});
export type Settings = z.infer<typeof SettingsSchema>;

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
