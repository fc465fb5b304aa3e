import { basename } from 'node:path';
import { OLLAMA_PREFIX } from './ollamaStore';

/**
 * The model name of a local model, which also names its run, in the CLI and in Start Run alike: an Ollama
 * model's NAME:TAG, else the file's name without ".gguf". The file name, not the GGUF's general.name,
 * because quantizations of one model share their general.name and the file is what the user chose.
 */
export function localModelName(modelFile: string): string {
  if (modelFile.startsWith(OLLAMA_PREFIX)) return modelFile.slice(OLLAMA_PREFIX.length);
  const name = basename(modelFile).replace(/\.gguf$/i, '');
  return name === '' ? basename(modelFile) : name;
}
