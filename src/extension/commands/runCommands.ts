import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { annotatorNameQuestion } from '../annotatorIdentity';
import { type AdjudicatedExport, adjudicatedExportOf, exportsCriteria } from '../../core/export/adjudicatedExport';
import { importedRunName, importerChoices } from '../../core/contract/importerChoices';
import { type WriteBack } from '../../core/contract/benchmark';
import { benchmarkOf, registeredBenchmarks } from '../../core/benchmarks/registry';
import { RUN_REGISTRY, readRunManifest } from '../../core/benchmarks/runRegistry';
import { loadRunState } from '../../core/adjudication/runState';
import { askApiKey } from '../../core/startRun/apiKeyQuestions';
import { errorMessage } from '../../core/util/errors';
import { type ApiKeys } from '../apiKeys';
import { extensionSources, showExtensionError } from '../dataSources';
import { type RunsTreeProvider } from '../runsTree';
import { runsDirectories, updateSetting } from '../settings';
import { vscodeStartRunUi } from './vscodeStartRunUi';
import { importedMessage } from './importedMessage';

/** A run folder from the argument (a tree node or a path), else a quick pick of the known runs. */
export async function pickRunFolder(arg: unknown, tree: RunsTreeProvider, activeRun: string | undefined): Promise<string | undefined> {
  if (typeof arg === 'string') return arg;
  if (arg instanceof vscode.Uri) return arg.fsPath;
  if (arg !== null && typeof arg === 'object' && 'dir' in arg && typeof arg.dir === 'string') return arg.dir;
  if (activeRun !== undefined) return activeRun;
  const runs = tree.runFolders();
  if (runs.length === 0) {
    void vscode.window.showInformationMessage(
      'Eval Adjudicator: no run folders yet. Start a run, import official results, or open a run folder.',
    );
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    runs.map((dir) => {
      let description = '';
      try {
        const m = readRunManifest(dir);
        description = `${m.benchmark} · ${m.model?.name ?? String(m['importedModel'] ?? '')} · ${m.counts.items} items`;
      } catch {
        description = 'unreadable run.json';
      }
      return { label: basename(dir), description, dir };
    }),
    { title: 'Choose a run', matchOnDescription: true },
  );
  return picked?.dir;
}

export async function openRunFolder(): Promise<string | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectFolders: true,
    canSelectFiles: false,
    canSelectMany: false,
    openLabel: 'Open Run',
    title: 'A run folder (it holds run.json)',
  });
  const dir = picked?.[0]?.fsPath;
  if (dir === undefined) return undefined;
  try {
    readRunManifest(dir);
  } catch (error) {
    void vscode.window.showErrorMessage(`Eval Adjudicator: ${errorMessage(error)}`);
    return undefined;
  }
  return dir;
}

export async function exportAdjudicatedCommand(runDir: string): Promise<void> {
  let writeBack: WriteBack | undefined;
  let criteria = false;
  try {
    writeBack = benchmarkOf(readRunManifest(runDir).benchmark).writeBack;
    criteria = exportsCriteria(loadRunState(runDir, RUN_REGISTRY));
  } catch (error) {
    void vscode.window.showErrorMessage(`Eval Adjudicator: ${errorMessage(error)}`);
    return;
  }
  const perItem = criteria ? ' per item' : '';
  const format = await vscode.window.showQuickPick(
    [
      {
        label: `CSV${perItem}`,
        description: 'one row per item, UTF-8 with a BOM for spreadsheets',
        format: 'csv' as const,
        per: 'item' as const,
      },
      {
        label: `JSON${perItem}`,
        description: 'items plus the automatic and adjudicated scores, overrides and flags',
        format: 'json' as const,
        per: 'item' as const,
      },
      ...(criteria
        ? [
            {
              label: 'CSV per criterion',
              description: "one row per criterion: the judge's and the human grade on the scale",
              format: 'csv' as const,
              per: 'criterion' as const,
            },
            {
              label: 'JSON per criterion',
              description: 'criteria plus the graded scores and the source figure',
              format: 'json' as const,
              per: 'criterion' as const,
            },
          ]
        : []),
      ...(writeBack === undefined
        ? []
        : [
            {
              label: writeBack.label,
              description: 'a new file beside the source log, which is never changed',
              format: 'write-back' as const,
              per: 'item' as const,
            },
          ]),
    ],
    { title: 'Export Adjudicated Scores' },
  );
  if (format === undefined) return;
  if (format.format === 'write-back') {
    if (writeBack !== undefined) await writeBackCommand(runDir, writeBack);
    return;
  }
  const name = format.per === 'criterion' ? `adjudicated-criteria.${format.format}` : `adjudicated.${format.format}`;
  const target = await vscode.window.showSaveDialog({
    defaultUri: vscode.Uri.file(join(runDir, name)),
    filters: format.format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
    title: 'Export Adjudicated Scores',
  });
  if (target === undefined) return;
  let exported: AdjudicatedExport;
  try {
    exported = adjudicatedExportOf(loadRunState(runDir, RUN_REGISTRY), format.format, format.per);
    writeFileSync(target.fsPath, exported.text);
  } catch (error) {
    void vscode.window.showErrorMessage(`Eval Adjudicator: ${errorMessage(error)}`);
    return;
  }
  // A graded run's message names its figure, automatic and adjudicated (the source's own where it has one).
  const open = await vscode.window.showInformationMessage(
    `Exported ${basename(target.fsPath)}.${exported.headline === null ? '' : ` ${exported.headline}`}`,
    'Open',
  );
  if (open !== 'Open') return;
  if (format.format !== 'csv') {
    await vscode.commands.executeCommand('vscode.open', target);
    return;
  }
  // The extension contributes the csv language, so the export opens as CSV rather than plain text.
  const document = await vscode.workspace.openTextDocument(target);
  await vscode.window.showTextDocument(
    document.languageId === 'csv' ? document : await vscode.languages.setTextDocumentLanguage(document, 'csv'),
  );
}

/** The human verdicts written into a copy of the log the run was imported from (Inspect's score edits). */
async function writeBackCommand(runDir: string, writeBack: WriteBack): Promise<void> {
  try {
    const state = loadRunState(runDir, RUN_REGISTRY);
    const suggestion = writeBack.suggest(state);
    const target = await vscode.window.showSaveDialog({
      defaultUri: vscode.Uri.file(join(runDir, suggestion.name)),
      filters: { [writeBack.label]: [...suggestion.extensions] },
      title: 'Export Adjudicated Scores',
    });
    if (target === undefined) return;
    const outcome = writeBack.write(state, target.fsPath, {});
    void vscode.window.showInformationMessage(
      `Wrote ${basename(target.fsPath)}: ${outcome.edited} scores edited.${outcome.notes.map((n) => ` ${n}.`).join('')}`,
    );
  } catch (error) {
    void showExtensionError(error);
  }
}

export async function importOfficialCommand(): Promise<string | undefined> {
  const [runsDir] = runsDirectories();
  if (runsDir === undefined) {
    void vscode.window.showErrorMessage(
      'Eval Adjudicator: open a folder first; the imported run folder is created under its runs directory.',
    );
    return undefined;
  }
  const choices = importerChoices(registeredBenchmarks());
  const choice =
    choices.length === 1
      ? choices[0]
      : await vscode.window.showQuickPick(choices, { title: 'Import Official Results: what kind of file?', matchOnDescription: true });
  if (choice === undefined) return undefined;
  const { importer } = choice;
  const files = await vscode.window.showOpenDialog({
    canSelectMany: false,
    filters: Object.fromEntries(Object.entries(importer.filters).map(([label, extensions]) => [label, [...extensions]])),
    openLabel: 'Import',
    title: importer.fileDescription,
  });
  const file = files?.[0]?.fsPath;
  if (file === undefined) return undefined;
  try {
    const outcome = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Importing ${basename(file)}`, cancellable: true },
      (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return importer.run(file, join(runsDir, importedRunName(importer, basename(file))), {
          sources: extensionSources(),
          signal: controller.signal,
          onProgress: (message) => progress.report({ message }),
        });
      },
    );
    void vscode.window.showInformationMessage(importedMessage(outcome));
    return outcome.paths.dir;
  } catch (error) {
    void showExtensionError(error);
    return undefined;
  }
}

/** Set API Key…: the key in secret storage; the base URL given is the one Start Run offers next. */
export async function setApiKeyCommand(apiKeys: ApiKeys, memory: vscode.Memento): Promise<void> {
  const answer = await askApiKey(vscodeStartRunUi(memory, apiKeys));
  if (answer === undefined) return;
  if (answer.key === '') await apiKeys.delete(answer.endpoint);
  else await apiKeys.store(answer.endpoint, answer.key);
  void vscode.window.showInformationMessage(answer.key === '' ? 'API key removed.' : 'API key stored in secret storage.');
}

export async function setAnnotatorNameCommand(current: string): Promise<void> {
  const name = await vscode.window.showInputBox({
    title: 'Your annotator name',
    value: current,
    prompt: 'Written into every decision you make (adjudications.jsonl)',
    validateInput: (v) => (v.trim() === '' ? 'A name is required' : undefined),
  });
  if (name === undefined) return;
  await updateSetting('annotatorName', name.trim());
}

/** Asks for the annotator name before the first decision (none set) and stores it in the setting. */
export async function askAnnotatorName(gitName: string | undefined): Promise<string | null> {
  const name = await vscode.window.showInputBox(annotatorNameQuestion(gitName));
  if (name === undefined) return null;
  await updateSetting('annotatorName', name.trim());
  return name.trim();
}
