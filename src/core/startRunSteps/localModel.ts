import { localModelName } from '../runtimes/gguf/localModelName';
import { OLLAMA_PREFIX, listOllamaModels } from '../runtimes/gguf/ollamaStore';
import { stepTitle } from './sharedSteps';
import { type StartRunUi } from './startRunUi';

/** A local model as --model-file takes it: a .gguf path, or ollama:NAME:TAG; its label (localModelName's rule, as the CLI's) names the model and the run. */
export interface LocalModelPick {
  readonly modelFile: string;
  readonly label: string;
}

/** The GGUF file picker, with the models Ollama has pulled offered first when there are any. */
export async function pickLocalModel(ui: StartRunUi, step: number, total = 5): Promise<LocalModelPick | undefined> {
  const ollama = listOllamaModels(ui.env);
  let modelFile = '';
  if (ollama.length > 0) {
    const choice = await ui.pickOne(stepTitle(step, 'local model', total), [
      { label: '$(folder-opened) Choose a .gguf file…', value: '' },
      ...ollama.map((name) => ({ label: `$(package) ${name}`, description: 'pulled by Ollama', value: `${OLLAMA_PREFIX}${name}` })),
    ]);
    if (choice === undefined) return undefined;
    modelFile = choice;
  }
  if (modelFile !== '') return { modelFile, label: localModelName(modelFile) };
  const remembered = ui.remembered('lastModelFile');
  const file = await ui.openFile({
    title: 'A GGUF model file',
    filters: { 'GGUF model': ['gguf'], 'All files': ['*'] },
    ...(remembered !== undefined ? { defaultPath: remembered } : {}),
  });
  if (file === undefined) return undefined;
  await ui.remember('lastModelFile', file);
  return { modelFile: file, label: localModelName(file) };
}
