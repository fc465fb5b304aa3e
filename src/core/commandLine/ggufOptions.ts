import { basename } from 'node:path';
import { readGgufHeader, metadataString } from '../runtimes/gguf/ggufFile';
import { type GgufChoice, resolveModelFile } from '../runtimes/gguf/openModelFile';
import { UsageError } from '../util/errors';
import { type CliIo } from './io';
import { type Parsed, numberOption, stringOption } from './options';

export const GGUF_OPTIONS = {
  'model-file': { type: 'string' },
  'gpu-layers': { type: 'string' },
  context: { type: 'string' },
  threads: { type: 'string' },
} as const;

export const GGUF_OPTIONS_HELP = `Local model (in-process with llama.cpp; needs the optional runtime: npm install --no-save node-llama-cpp@3.21.1 koffi@3.3.4):
  --model-file PATH.gguf|ollama:NAME[:TAG]
                            run a GGUF model file, or a model Ollama has pulled (found in OLLAMA_MODELS, else
                            ~/.ollama/models), for MC (--logprobs gguf, the default then) and open-ended
                            answers (greedy); --model defaults to the GGUF's general.name, else the file name.
                            On --resume or --retry-errors of such a run, give --model-file again (run.json
                            records the file's name and sha256, never its folder)
  --gpu-layers auto|N       layers offloaded to the GPU (default auto; 0: CPU only)
  --context N               context size in tokens (default: the model's, at most 4096)
  --threads N               CPU threads (default: half the cores, at least one)
`;

/** The local model's choice from the command line; null without --model-file. */
export function ggufChoiceFrom(command: string, parsed: Parsed): { readonly modelFile: string; readonly choice: GgufChoice } | null {
  const modelFile = stringOption(parsed, 'model-file');
  const given = ['gpu-layers', 'context', 'threads'].find((name) => parsed.values[name] !== undefined);
  if (modelFile === undefined) {
    if (given !== undefined) throw new UsageError(`${command}: --${given} applies to a local model (--model-file)`);
    return null;
  }
  const layers = stringOption(parsed, 'gpu-layers') ?? 'auto';
  let gpuLayers: GgufChoice['gpuLayers'];
  if (layers === 'auto') gpuLayers = 'auto';
  else {
    const n = Number(layers);
    if (!Number.isInteger(n) || n < 0) throw new UsageError(`${command}: --gpu-layers must be auto or a whole number of layers, not "${layers}"`);
    gpuLayers = n;
  }
  return {
    modelFile,
    choice: {
      ollama: modelFile.startsWith('ollama:') ? modelFile : null,
      gpuLayers,
      contextSize: numberOption(command, parsed, 'context', { integer: true, min: 16 }) ?? null,
      threads: numberOption(command, parsed, 'threads', { integer: true, min: 1, max: 1024 }) ?? null,
    },
  };
}

/** --model's default for a local model: the GGUF's general.name, else the file name (header errors are left to loading). */
export async function defaultLocalModelName(modelFile: string, io: CliIo): Promise<string> {
  try {
    const { path } = resolveModelFile(modelFile, io.cwd, io.env);
    const name = metadataString(await readGgufHeader(path), 'general.name');
    return name !== null && name.trim() !== '' ? name.trim() : basename(path);
  } catch {
    return basename(modelFile);
  }
}
