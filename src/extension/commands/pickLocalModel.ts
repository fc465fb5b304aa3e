import { basename } from 'node:path';
import * as vscode from 'vscode';
import { listOllamaModels } from '../../core/runtimes/gguf/ollamaStore';

/** A local model as --model-file takes it: a .gguf path, or ollama:NAME:TAG. */
export interface LocalModelPick {
  readonly modelFile: string;
  readonly label: string;
}

/** The GGUF file picker, with the models Ollama has pulled offered first when there are any. */
export async function pickLocalModel(memory: vscode.Memento, step: string): Promise<LocalModelPick | undefined> {
  const ollama = listOllamaModels(process.env);
  const browse = { label: '$(folder-opened) Choose a .gguf file…', modelFile: '' };
  let picked = browse;
  if (ollama.length > 0) {
    const choice = await vscode.window.showQuickPick(
      [browse, ...ollama.map((name) => ({ label: `$(package) ${name}`, description: 'pulled by Ollama', modelFile: `ollama:${name}` }))],
      { title: `Start Run (${step}): local model`, ignoreFocusOut: true },
    );
    if (choice === undefined) return undefined;
    picked = choice;
  }
  if (picked.modelFile !== '') return { modelFile: picked.modelFile, label: picked.modelFile.slice('ollama:'.length) };
  const remembered = memory.get<string>('lastModelFile');
  const files = await vscode.window.showOpenDialog({
    title: 'A GGUF model file',
    canSelectMany: false,
    filters: { 'GGUF model': ['gguf'], 'All files': ['*'] },
    ...(remembered !== undefined ? { defaultUri: vscode.Uri.file(remembered) } : {}),
  });
  const file = files?.[0];
  if (file === undefined) return undefined;
  await memory.update('lastModelFile', file.fsPath);
  return { modelFile: file.fsPath, label: basename(file.fsPath) };
}
